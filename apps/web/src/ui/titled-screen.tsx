import type { ReactNode, Ref } from "react";

/**
 * A screen headed by its title, which names it for screen readers; a step of the claim shows its
 * step number before the title. A screen reached after an action passes titleRef, to move focus
 * to its title on arrival.
 */
export function TitledScreen({
  id,
  title,
  step,
  titleRef,
  children,
}: {
  id: string;
  title: string;
  step?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <section className="k-screen" aria-labelledby={id}>
      <h2 id={id} className="k-screen-title" tabIndex={titleRef ? -1 : undefined} ref={titleRef}>
        {step ? <span className="k-step">{step}</span> : null}
        {step ? " " : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
