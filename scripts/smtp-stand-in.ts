import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

// A local SMTP server that asks for a login and keeps every message it accepts: the mail server's
// stand-in of the server tests and of the production-like run.

export type ReceivedMail = { mailFrom: string; rcptTo: string[]; user: unknown; raw: string };

export type SmtpStandIn = {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
};

export type SmtpStandInOptions = {
  user: string;
  password: string;
  port?: number;
  // Decides the answer to a message; the message is kept only when it is accepted.
  onData?: SMTPServerOptions["onData"];
  onRcptTo?: SMTPServerOptions["onRcptTo"];
};

export async function startSmtpStandIn(options: SmtpStandInOptions): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      }
    },
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const keep = () =>
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
        if (!options.onData) {
          keep();
          callback();
          return;
        }
        options.onData(stream, session, (error) => {
          if (!error) keep();
          callback(error);
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
