import { describe, expect, it } from "vitest";
import { parseDeviceArgs } from "@/desktop/cli";

const HOST = { hostname: "lab", cpu: "Apple M2", os: "Darwin 24.1.0 (arm64)" };
const base = [
  "--url",
  "http://127.0.0.1:3000",
  "--token",
  "T",
  "--model-url",
  "http://127.0.0.1:8080/v1",
  "--model",
  "gemma-3-4b",
];

describe("desktop device command line", () => {
  it("builds the device and build records from the options", () => {
    const r = parseDeviceArgs([...base, "--quantization", "Q4_K_M"], {}, HOST);
    expect(r).toEqual({
      options: {
        url: "http://127.0.0.1:3000",
        token: "T",
        modelUrl: "http://127.0.0.1:8080/v1",
        model: "gemma-3-4b",
        apiKey: undefined,
        stream: true,
        history: "native",
        device: { id: "desktop-lab", model: "Apple M2", os: "Darwin 24.1.0 (arm64)" },
        build: {
          commit: "desktop",
          app: "harness-lab-desktop 0.1.0",
          runtime: "openai-compatible 127.0.0.1:8080",
          model: "gemma-3-4b",
          quantization: "Q4_K_M",
        },
        waitSeconds: 20,
        untilIdle: false,
        maxJobs: undefined,
        maxTurns: 64,
        requestTimeoutMs: 600_000,
        stallTimeoutMs: 120_000,
        sessions: [],
      },
    });
  });

  it("takes --session repeatably and --stall-timeout in seconds", () => {
    const r = parseDeviceArgs([...base, "--session", "ses_a", "--session", "ses_b", "--stall-timeout", "30"], {}, HOST);
    expect("options" in r && [r.options.sessions, r.options.stallTimeoutMs]).toEqual([["ses_a", "ses_b"], 30_000]);
    expect(parseDeviceArgs([...base, "--session", "a b"], {}, HOST)).toEqual({
      errors: ['--session takes a session id such as ses_… (1-200 characters, no spaces), got "a b"'],
    });
  });

  it("says how to get a token when it is missing", () => {
    const r = parseDeviceArgs(
      base.filter((_, i) => i !== 2 && i !== 3),
      {},
      HOST,
    );
    expect(r).toEqual({
      errors: [
        "--token is required: create a device on http://127.0.0.1:3000/devices and pass the token it shows once",
      ],
    });
  });

  it("takes the token from HARNESS_DEVICE_TOKEN", () => {
    const r = parseDeviceArgs(
      base.filter((_, i) => i !== 2 && i !== 3),
      { HARNESS_DEVICE_TOKEN: "E" },
      HOST,
    );
    expect("options" in r && r.options.token).toBe("E");
  });

  it("lists every problem at once", () => {
    const r = parseDeviceArgs(["--url", "ftp://x", "--wait", "99", "--no-stream"], {}, HOST);
    expect("errors" in r && r.errors).toEqual([
      "--url must be an http(s) URL, got ftp://x",
      "--token is required: create a device on ftp://x/devices and pass the token it shows once",
      "--model-url is required: the endpoint's /v1 address, e.g. http://127.0.0.1:8080/v1 (llama.cpp) or http://127.0.0.1:11434/v1 (Ollama)",
      "--model is required: the model name the endpoint serves, e.g. --model gemma3:4b (Ollama) or any name for llama.cpp",
      "--wait must be a whole number from 0 to 30, got 99",
    ]);
  });

  it("checks --history", () => {
    expect(parseDeviceArgs([...base, "--history", "xml"], {}, HOST)).toEqual({
      errors: ["--history must be native or text, got xml"],
    });
    const r = parseDeviceArgs([...base, "--history", "text"], {}, HOST);
    expect("options" in r && r.options.history).toBe("text");
  });

  it("refuses unknown options", () => {
    const r = parseDeviceArgs([...base, "--temperature", "1"], {}, HOST);
    expect("errors" in r && r.errors[0]).toMatch(/Unknown option '--temperature'/);
  });

  it("--no-stream asks for whole replies and says so in the runtime", () => {
    const r = parseDeviceArgs([...base, "--no-stream", "--until-idle", "--max-jobs", "3"], {}, HOST);
    expect(
      "options" in r && [r.options.stream, r.options.build.runtime, r.options.untilIdle, r.options.maxJobs],
    ).toEqual([false, "openai-compatible 127.0.0.1:8080 (not streamed)", true, 3]);
  });
});
