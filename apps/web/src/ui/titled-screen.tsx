import { type ReactNode, useEffect, useRef } from "react";

/**
 * A screen headed by its title, which names it for screen readers; a step of the claim shows its
 * step number before the title. A screen reached after an action sets focusTitle, so focus moves
 * to its title on arrival.
 */
export function TitledScreen({
  id,
  title,
  step,
  focusTitle = false,
  children,
}: {
  id: string;
  title: string;
  step?: string;
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <section className="k-screen" aria-labelledby={id}>
      <h2 id={id} className="k-screen-title" tabIndex={focusTitle ? -1 : undefined} ref={titleRef}>
        {step ? <span className="k-step">{step}</span> : null}
        {step ? " " : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
