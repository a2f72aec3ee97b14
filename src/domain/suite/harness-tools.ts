import type { ToolDefinition } from "../protocol/tool";

/**
 * The canonical tool definitions of the study's harness components. The default suite's configs
 * carry exactly these, and the simulated phone (and the desktop device) implement exactly these
 * names and parameters over one in-memory workspace presented to the model as `/`.
 */

const path = { type: "string", description: "Absolute path, starting with /" };

/** The seven file tools (the study's "file tools" action space). */
export const FILE_TOOLS: ToolDefinition[] = [
  {
    name: "list_files",
    description: "List the files and folders directly inside a folder. Folders end with /.",
    parameters: { type: "object", properties: { path }, required: ["path"] },
  },
  {
    name: "find_files",
    description: "Find files whose name matches a pattern such as *.md or *report*, searching below a folder.",
    parameters: {
      type: "object",
      properties: { name: { type: "string", description: "File name pattern; * matches any characters" }, path },
      required: ["name"],
    },
  },
  {
    name: "search_files",
    description:
      "Search the contents of every file below a folder for a word or phrase (case-insensitive). Returns the matching files and lines.",
    parameters: {
      type: "object",
      properties: { text: { type: "string", description: "Word or phrase to look for" }, path },
      required: ["text"],
    },
  },
  {
    name: "read_file",
    description: "Read a whole text file.",
    parameters: { type: "object", properties: { path }, required: ["path"] },
  },
  {
    name: "write_file",
    description: "Create a file, overwrite a file you have read, or append to the end of a file with append: true.",
    parameters: {
      type: "object",
      properties: {
        path,
        content: { type: "string" },
        append: { type: "boolean", description: "Add to the end instead of replacing" },
      },
      required: ["path", "content"],
    },
  },
  {
    name: "edit_file",
    description: "Replace one exact piece of text in a file you have read with new text.",
    parameters: {
      type: "object",
      properties: { path, old_text: { type: "string" }, new_text: { type: "string" } },
      required: ["path", "old_text", "new_text"],
    },
  },
  {
    name: "manage_file",
    description: "Copy, move or delete a file.",
    parameters: {
      type: "object",
      properties: {
        action: { type: "string", enum: ["copy", "move", "delete"] },
        path,
        to: { type: "string", description: "Destination path, for copy and move" },
      },
      required: ["action", "path"],
    },
  },
];

/** The single bash tool that replaces the file tools (a simulated shell, not a real one). */
export const BASH_TOOL: ToolDefinition = {
  name: "bash",
  description:
    "Run a shell command in the workspace. Supports ls, cat, head, tail, wc, grep, find, echo, printf, sed -i, mkdir, cp, mv, rm, sort, pipes, > and >> redirection and here-documents.",
  parameters: {
    type: "object",
    properties: { command: { type: "string", description: "The command line to run" } },
    required: ["command"],
  },
};

/** The todo-style planning tool; each call replaces the whole plan and the plan is shown back. */
export const PLAN_TOOL: ToolDefinition = {
  name: "update_plan",
  description:
    "Write or update your step-by-step plan for the request. Send the whole list each time, marking finished steps done.",
  parameters: {
    type: "object",
    properties: {
      steps: {
        type: "array",
        items: {
          type: "object",
          properties: { step: { type: "string" }, done: { type: "boolean" } },
          required: ["step", "done"],
        },
      },
    },
    required: ["steps"],
  },
};
