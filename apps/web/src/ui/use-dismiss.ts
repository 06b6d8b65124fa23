import { type RefObject, useEffect, useRef } from "react";

/**
 * Calls onDismiss on Escape or on a press outside the given elements while active. Listens on the
 * window and reads composedPath(), so presses on the insurer's page and inside the shadow root
 * both count.
 */
export function useDismiss(
  active: boolean,
  inside: RefObject<HTMLElement | null>[],
  onDismiss: (reason: "escape" | "outside") => void,
): void {
  const latest = useRef({ inside, onDismiss });
  latest.current = { inside, onDismiss };
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      const { inside, onDismiss } = latest.current;
      if (!inside.some((ref) => ref.current && path.includes(ref.current))) onDismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      // Handled here, so a dialog around the field stays open.
      event.preventDefault();
      latest.current.onDismiss("escape");
    };
    window.addEventListener("pointerdown", onPointerDown, true);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("pointerdown", onPointerDown, true);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [active]);
}
