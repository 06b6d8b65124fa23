import type { ConsoleCallAnswer, ConsoleCallName } from "@kalinga/domain/console-calls";
import { useCallback, useEffect, useState } from "react";
import { consoleCall, consoleUrl, type InputArgs } from "./api.ts";

/** Makes a GET call when its URL changes; reload() asks again after a change. */
export function useLoad<K extends ConsoleCallName>(name: K, ...input: InputArgs<K>) {
  const [data, setData] = useState<ConsoleCallAnswer<K> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  // The URL names everything a GET sends, so the call runs again only when it changes.
  const url = consoleUrl(name, ...input);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL stands for the input; version makes reload() ask again.
  useEffect(() => {
    let live = true;
    setError(null);
    consoleCall(name, ...input)
      .then((answer) => live && setData(answer))
      .catch((failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [url, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
