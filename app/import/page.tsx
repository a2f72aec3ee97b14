import { ImportForm } from "@/components/ImportForm";

export default function ImportPage() {
  return (
    <>
      <h1>Import runs</h1>
      <p className="sub">
        Load a <code>runs.json</code> (for example one published with a study, or exported from another Harness Lab)
        into new sessions, one for each session in the file. Its analytics are the same as in the dashboard it came
        from. Nothing is stored unless the whole file is valid.
      </p>
      <ImportForm />
    </>
  );
}
