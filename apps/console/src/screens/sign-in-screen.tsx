import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { ApiError, consoleCall, setCsrfToken } from "../api.ts";
import { FormMessage } from "../form-message.tsx";
import { useSession } from "../session.tsx";
import { TEXTS } from "../texts.ts";

const T = TEXTS.signIn;

type PasswordAnswer = ConsoleCallAnswer<"signIn">;

/** Password, then a TOTP code; at the first sign-in the authenticator is set up on the way. */
export function SignInScreen() {
  const { staff, ready, signedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<PasswordAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the heading takes focus on each step.
  useEffect(() => heading.current?.focus(), [step]);

  if (ready && staff) return <Navigate to="/" replace />;
  const from = (location.state as { from?: string } | null)?.from ?? "/";

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer = await consoleCall("signIn", {
        body: {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
        },
      });
      setCsrfToken(answer.csrfToken);
      setStep(answer);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer = await consoleCall("signInCode", {
        body: { code: String(form.get("code") ?? "") },
      });
      signedIn(answer.staff, answer.csrfToken);
      navigate(from, { replace: true });
    } catch (failure) {
      setError(failure);
      // The password step ran out (5 minutes): start again from the password.
      if (failure instanceof ApiError && failure.body.error === "signed-out") setStep(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="c-sign-in" id="content">
      <p className="c-product">{TEXTS.product}</p>
      {step === null ? (
        <form onSubmit={submitPassword} noValidate={false}>
          <h1 ref={heading} tabIndex={-1}>
            {T.title}
          </h1>
          <FormMessage error={error} />
          <label htmlFor="email">{T.email}</label>
          <input id="email" name="email" type="email" autoComplete="username" required />
          <label htmlFor="password">{T.password}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button className="c-button" type="submit" disabled={busy}>
            {T.submit}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode}>
          <h1 ref={heading} tabIndex={-1}>
            {step.next === "enrol" ? T.enrolTitle : T.codeTitle}
          </h1>
          <FormMessage error={error} />
          {step.next === "enrol" ? (
            <>
              <ol className="c-steps">
                {T.enrolSteps.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
              <img
                className="c-qr"
                src={`data:image/svg+xml;base64,${btoa(step.qrSvg)}`}
                alt={T.qrAlt}
                width={200}
                height={200}
              />
              <p>
                {T.key}:{" "}
                <code className="c-secret">{step.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
              </p>
            </>
          ) : (
            <p id="code-hint">{T.codeHint}</p>
          )}
          <label htmlFor="code">{T.code}</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            aria-describedby={step.next === "code" ? "code-hint" : undefined}
          />
          <button className="c-button" type="submit" disabled={busy}>
            {step.next === "enrol" ? T.enrolSubmit : T.codeSubmit}
          </button>
          <button
            className="c-button c-button--quiet"
            type="button"
            onClick={() => {
              setStep(null);
              setError(null);
            }}
          >
            {T.startAgain}
          </button>
        </form>
      )}
    </main>
  );
}
