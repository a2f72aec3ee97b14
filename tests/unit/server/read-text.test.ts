import { describe, expect, it } from "vitest";
import { readText } from "@/server/http";
import { ServiceError } from "@/server/errors";

/** A POST whose body arrives in the given pieces, as a socket hands them over. */
function inPieces(pieces: number[][]): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(Uint8Array.from(pieces[i++]));
      else controller.close();
    },
  });
  return new Request("http://127.0.0.1/x", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readText decodes a body piece by piece as it arrives", () => {
  it("keeps a character whose UTF-8 bytes are split across pieces", async () => {
    // "é✓" is C3 A9 E2 9C 93: split inside both characters.
    expect(
      await readText(
        inPieces([
          [0x61, 0xc3],
          [0xa9, 0xe2, 0x9c],
          [0x93, 0x62],
        ]),
        1024,
      ),
    ).toBe("aé✓b");
  });

  it("refuses invalid UTF-8 in a middle piece, and a character cut off at the end", async () => {
    for (const pieces of [[[0x61], [0xff, 0x62], [0x63]], [[0x61, 0xe2, 0x9c]]]) {
      const err = await readText(inPieces(pieces), 1024).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ code: "invalid_json", message: expect.stringMatching(/not valid UTF-8/) });
    }
  });

  it("refuses a body past the limit while reading, before decoding the rest", async () => {
    const err = await readText(
      inPieces([
        [0x61, 0x62],
        [0x63, 0x64],
      ]),
      3,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "payload_too_large" });
  });
});
