import { LAZY_SCREEN_TIMEOUT_MS } from "@kalinga/domain/constants";
import { type ComponentType, lazy } from "react";

/** A screen fetched on first visit; a chunk that never arrives fails after 120 s. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("The screen took too long to load.")),
        LAZY_SCREEN_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([load(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  });
}
