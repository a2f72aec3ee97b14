// The device protocol's schemas live in packages/protocol (the phone app imports them too).
export {
  MAX_POLL_SESSIONS,
  PollRequest,
  HeartbeatRequest,
  FailRequest,
  Components,
  JobConfig,
  Job,
  PollResponse,
  HeartbeatResponse,
  ResultResponse,
  FailResponse,
} from "@harness-lab/protocol";
