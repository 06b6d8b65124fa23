import { useCallback, useEffect, useState } from "react";
import { call } from "./api.ts";

/** GETs path when it changes; reload() fetches it again after a change. */
export function useLoad<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version makes reload() ask again.
  useEffect(() => {
    let live = true;
    setError(null);
    call<T>(path)
      .then((answer) => live && setData(answer))
      .catch((failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
