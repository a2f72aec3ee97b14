// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export { ErrorBody, type ValidationIssue, toValidationIssues } from "@harness-lab/protocol";
