// Tests only: jsdom has no TextEncoder/TextDecoder, which browsers (and viem) have. Import it first.
import { TextDecoder, TextEncoder } from "node:util";

Object.assign(globalThis, { TextEncoder, TextDecoder });
