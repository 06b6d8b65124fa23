// The start form's rules and the validation library they need: a lazy chunk the start step fetches
// on the first change, so the page renders before it arrives (docs/decisions/0085).
export { publicStartFormSchema } from "@kalinga/domain/start-form";
