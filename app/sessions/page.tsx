import { redirect } from "next/navigation";

/** The sessions list is the home page; `/sessions` (where a newcomer looks for it) leads there. */
export default function SessionsIndex() {
  redirect("/");
}
