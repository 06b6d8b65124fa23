import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LoadingOverlay } from "../src/ui/loading-overlay.tsx";
import { adoptStyles, registerWidgetRoot } from "../src/ui/styles.ts";
import uiCss from "../src/ui/ui.css?inline";
import { WidgetRootContext } from "../src/ui/widget-root.tsx";
import { ChoiceDemos } from "./choice-demos.tsx";
import { FieldDemos } from "./field-demos.tsx";
import { FormDemo } from "./form-demo.tsx";
import galleryCss from "./gallery.css?inline";
import { Section, useSharedValues } from "./gallery-parts.tsx";
import { OverlayDemos } from "./overlay-demos.tsx";

// Dev page only: every shared widget in each of its states, mounted the way the widget mounts.

function Gallery() {
  const shared = useSharedValues();
  return (
    <div className="g-page">
      <h1>Shared widgets</h1>
      <FieldDemos {...shared} />
      <ChoiceDemos {...shared} />
      <OverlayDemos {...shared} />
      <Section title="react-hook-form">
        <FormDemo />
      </Section>

      <LoadingOverlay />
    </div>
  );
}

adoptStyles(uiCss);
adoptStyles(galleryCss);

const host = document.getElementById("widget");
if (!host) throw new Error("the gallery page has no #widget element");
const shadow = host.attachShadow({ mode: "open" });
registerWidgetRoot(shadow);
const container = document.createElement("div");
container.className = "k-root";
container.lang = "en";
shadow.replaceChildren(container);

createRoot(container).render(
  <StrictMode>
    <WidgetRootContext value={{ root: shadow, container }}>
      <Gallery />
    </WidgetRootContext>
  </StrictMode>,
);
