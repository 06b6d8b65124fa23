// The placeholder screens load as one chunk: each is a few lines around the texts they share
// (screen-texts.ts), and one chunk spares the start step a list of chunk names.
export { default as LaterScreen } from "./later-screen.tsx";
