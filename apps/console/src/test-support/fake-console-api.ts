import { afterEach, vi } from "vitest";

// The server's side of the console's calls, for component tests: each answer keyed by method and
// path, every call kept so a test can read what the screen sent.

/** What the console sent: the path below /console/api, the JSON body, the headers. */
export type SentCall = { method: string; path: string; body: unknown; headers: Headers };

/** An answer: a JSON body with a status (200 unless told), or made from the call. */
export type Answer = { status?: number; body: unknown } | ((call: SentCall) => Answer);

const API = "/console/api";

/** Replaces fetch with one that answers from `answers`, 404 for anything else. */
export function fakeConsoleApi(answers: Record<string, Answer>) {
  const table = new Map(Object.entries(answers));
  const sent: SentCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://console.test");
    const call: SentCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname.replace(API, "") + url.search,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    sent.push(call);
    let answer: Answer = table.get(`${call.method} ${call.path}`) ?? {
      status: 404,
      body: { error: "not-found" },
    };
    while (typeof answer === "function") answer = answer(call);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return {
    /** Sets or changes the answer to `method path`, e.g. the claim as it reads after a change. */
    answer(key: string, answer: Answer) {
      table.set(key, answer);
    },
    /** The calls made with this method to this path, oldest first. */
    calls(method: string, path: string): SentCall[] {
      return sent.filter((call) => call.method === method && call.path === path);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});
