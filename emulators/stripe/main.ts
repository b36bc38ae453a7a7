// Runs the Stripe fake alone: node --import tsx emulators/stripe/main.ts [--port 12111] [--webhook URL]
import { startStripeFake } from "./server";

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

startStripeFake({ port: Number(arg("port") ?? 12111), webhook: arg("webhook") }).then((fake) => console.log(`Stripe fake on ${fake.url}`));
