/** @jest-environment node */
// NFT avatars against a real local chain (Hardhat Network with the test ERC-721 collection,
// emulators/evm) and the platform emulator: a holder's NFT, owned on chain by a wallet they linked
// by SIWE, becomes the bot's avatar in the server with the holder role; an NFT they never owned is
// refused; once transferred away, the recheck job resets the avatar and takes the role back.
// Then NFT coupon codes, each redeemed once even when asked for at the same time.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createWalletClient, getAddress, http, parseAbi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { createSiweMessage } from "viem/siwe";
import * as coupons from "@/app/api/crypto/users/[userId]/nft-coupons/route";
import * as nonceRoute from "@/app/api/crypto/users/[userId]/nonce/route";
import * as walletsRoute from "@/app/api/crypto/users/[userId]/wallets/route";
import * as nftAvatar from "@/app/api/guilds/[guildId]/nft-avatar/route";
import { LOCAL_ACCOUNTS, TEST_NFTS } from "@/emulators/evm/node";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { BOT_USER_ID } from "@/emulators/platform/state";
import { getDb } from "@/lib/db/client";
import { guildPlugins, nftAvatars, nftCoupons } from "@/lib/db/schema";
import { recheckNftAvatars } from "@/lib/nft-avatars/recheck";
import type { SiweChallenge } from "@/lib/wallets/siwe";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { LOCAL_KEYS, startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

const TRANSFER_ABI = parseAbi(["function transferFrom(address from, address to, uint256 tokenId)"]);

let platform: EmulatorHarness;
let evm: EvmHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  setEnv({ RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" });
  [platform, evm] = await Promise.all([startEmulatorHarness(), startEvmHarness()]);
  [ada, bjorn] = [await signedInJar(platform), await signedInJar(platform, USER_IDS.bjorn)];
  // Ada links the DEMO wallet (it holds TEST_NFTS.demoWallet) by signing in with Ethereum.
  const challenge = (await (await call(nonceRoute.POST, "/api/crypto/users/@me/nonce", { method: "POST", jar: ada, params: { userId: "@me" } })).json()) as SiweChallenge;
  const message = createSiweMessage({ address: LOCAL_ACCOUNTS.demoWallet, domain: challenge.domain, uri: challenge.uri, chainId: challenge.chain_id, nonce: challenge.nonce, version: "1" });
  const signature = await privateKeyToAccount(LOCAL_KEYS.demoWallet).signMessage({ message });
  const linked = await call(walletsRoute.POST, "/api/crypto/users/@me/wallets", { method: "POST", jar: ada, params: { userId: "@me" }, body: { message, signature } });
  expect(linked.status).toBe(201);
  // The recheck counts every avatar due: on a PostgreSQL the test files share (DATABASE_URL), an
  // earlier run's avatars (in servers this emulator does not have) are cleared first.
  await (await getDb()).delete(nftAvatars);
}, 60_000);
afterAll(async () => {
  await Promise.all([platform.stop(), evm.stop()]);
});

/** A server Ada manages, its NFT avatars set to the test collection and an assignable holder role. */
async function configuredGuild(config: Partial<{ collection_address: string; recheck_hours: number }> = {}) {
  const guild = addScratchGuild(platform, "workshop");
  // NFT avatars is a premium plugin.
  await setBuffs(guild, ["premium"]);
  const { role } = await guildRefs(guild);
  // Ada starts without it (the fixture gives her that role).
  const ada = platform.emulator.state.guild(guild)!.members.get(USER_IDS.ada)!;
  ada.roles = ada.roles.filter((held) => held !== role);
  await (await getDb()).insert(guildPlugins).values({ guildId: guild, pluginId: "nft_avatars", enabled: true, config: { collection_address: evm.node.nftAddress, holder_role_id: role, recheck_hours: 6, ...config } });
  return { guild, role };
}

const setAvatar = (jar: CookieJar, guildId: string, tokenId: bigint | string) =>
  call(nftAvatar.POST, `/api/guilds/${guildId}/nft-avatar`, { method: "POST", jar, params: { guildId }, body: { token_id: String(tokenId) } });

const botMember = (guildId: string) => platform.emulator.state.guild(guildId)!.members.get(BOT_USER_ID)!;
const adaRoles = (guildId: string) => platform.emulator.state.guild(guildId)!.members.get(USER_IDS.ada)!.roles;

async function transfer(tokenId: bigint, from: Address, to: Address) {
  const wallet = createWalletClient({ account: from, transport: http(evm.node.url), chain: hardhat });
  const hash = await wallet.writeContract({ address: evm.node.nftAddress, abi: TRANSFER_ABI, functionName: "transferFrom", args: [from, to, tokenId] });
  await evm.publicClient.waitForTransactionReceipt({ hash });
}

describe("setting an NFT as the bot's avatar", () => {
  it("sets a token a linked wallet owns on chain: the bot's avatar in that server is its picture, the holder gets the role", async () => {
    const { guild, role } = await configuredGuild();
    const response = await setAvatar(ada, guild, TEST_NFTS.demoWallet[0]);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ avatar: { token_id: "1", collection: getAddress(evm.node.nftAddress), wallet: LOCAL_ACCOUNTS.demoWallet, user_id: USER_IDS.ada } });
    const hash = botMember(guild).avatar;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const image = platform.emulator.state.avatarImages.get(hash!)!;
    expect(image.contentType).toBe("image/png");
    expect(image.bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(adaRoles(guild)).toContain(role);
    const read = await call(nftAvatar.GET, `/api/guilds/${guild}/nft-avatar`, { jar: ada, params: { guildId: guild } });
    expect(await read.json()).toMatchObject({ avatar: { token_id: "1" } });
  });

  it("refuses a token none of the caller's wallets owns, or that does not exist, changing nothing", async () => {
    const { guild, role } = await configuredGuild();
    for (const token of [TEST_NFTS.stranger[0], 999n]) {
      const response = await setAvatar(ada, guild, token);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "nft_not_owner", status_code: 403 });
    }
    // Bjorn manages no server here; and a caller with no linked wallet owns nothing.
    expect((await setAvatar(bjorn, guild, TEST_NFTS.demoWallet[1])).status).toBe(403);
    expect(botMember(guild).avatar).toBeNull();
    expect(adaRoles(guild)).not.toContain(role);
    expect(await (await getDb()).select().from(nftAvatars).where(eq(nftAvatars.guildId, guild))).toEqual([]);
  });

  it("refuses while the server has no collection, and a token id that is no number", async () => {
    const { guild } = await configuredGuild({ collection_address: "" });
    expect(await (await setAvatar(ada, guild, 1n)).json()).toMatchObject({ code: "nft_no_collection", status_code: 409 });
    expect((await setAvatar(ada, guild, "0x01")).status).toBe(400);
  });

  it("resets the avatar and takes the role back when the recheck finds the token transferred away; keeps one still held", async () => {
    const moved = await configuredGuild();
    const kept = await configuredGuild();
    const [movedToken, keptToken] = [TEST_NFTS.demoWallet[1], TEST_NFTS.demoWallet[2]];
    expect((await setAvatar(ada, moved.guild, movedToken)).status).toBe(201);
    expect((await setAvatar(ada, kept.guild, keptToken)).status).toBe(201);
    await transfer(movedToken, LOCAL_ACCOUNTS.demoWallet, LOCAL_ACCOUNTS.stranger);
    const db = await getDb();

    // Not due yet (recheck_hours 6): nothing is asked.
    expect(await recheckNftAvatars({ db, now: () => new Date(Date.now() + 60 * 60_000) })).toBe(0);
    expect(botMember(moved.guild).avatar).not.toBeNull();

    const later = new Date(Date.now() + 7 * 3_600_000);
    expect(await recheckNftAvatars({ db, now: () => later })).toBe(1);
    expect(botMember(moved.guild).avatar).toBeNull();
    expect(adaRoles(moved.guild)).not.toContain(moved.role);
    expect(await db.select().from(nftAvatars).where(eq(nftAvatars.guildId, moved.guild))).toEqual([]);

    expect(botMember(kept.guild).avatar).not.toBeNull();
    expect(adaRoles(kept.guild)).toContain(kept.role);
    const [row] = await db.select().from(nftAvatars).where(eq(nftAvatars.guildId, kept.guild));
    expect(row!.checkedAt.getTime()).toBe(later.getTime());
    // Transferred back, it may be set again.
    await transfer(movedToken, LOCAL_ACCOUNTS.stranger, LOCAL_ACCOUNTS.demoWallet);
    expect((await setAvatar(ada, moved.guild, movedToken)).status).toBe(201);
  });

  it("refuses a free server (NFT avatars is Premium), changing nothing", async () => {
    const { guild } = await configuredGuild();
    await setBuffs(guild, []);
    const answer = await setAvatar(ada, guild, TEST_NFTS.demoWallet[0]);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { code: string }).code).toBe("premium_required");
    expect(botMember(guild).avatar ?? null).toBeNull();
  });

  it("resets on a manager's DELETE", async () => {
    const { guild, role } = await configuredGuild();
    expect((await setAvatar(ada, guild, TEST_NFTS.demoWallet[0])).status).toBe(201);
    expect((await call(nftAvatar.DELETE, `/api/guilds/${guild}/nft-avatar`, { method: "DELETE", jar: ada, params: { guildId: guild } })).status).toBe(204);
    expect(botMember(guild).avatar).toBeNull();
    expect(adaRoles(guild)).not.toContain(role);
  });
});

describe("NFT coupon codes", () => {
  const redeem = (jar: CookieJar, code: string) => call(coupons.POST, "/api/crypto/users/@me/nft-coupons", { method: "POST", jar, params: { userId: "@me" }, body: { coupon_code: code } });

  // Codes of this run: a PostgreSQL the test files share (DATABASE_URL) keeps an earlier run's.
  const run = randomUUID().slice(0, 8).toUpperCase();
  const ONE = `DROP-ONE-${run}`;
  const RACE = `DROP-RACE-${run}`;

  beforeAll(async () => {
    await (await getDb()).insert(nftCoupons).values([
      { code: ONE, source: "genesis_drop" },
      { code: RACE, source: "partner" },
    ]);
  });

  it("redeems a code once, answering where it came from", async () => {
    const first = await redeem(ada, ONE.toLowerCase());
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, source: "genesis_drop" });
    expect(await (await redeem(bjorn, ONE)).json()).toMatchObject({ code: "nft_coupon_used", status_code: 409 });
    expect(await (await redeem(ada, "NO-SUCH-CODE")).json()).toMatchObject({ code: "nft_coupon_unknown", status_code: 404 });
    expect((await redeem(ada, "x")).status).toBe(400);
  });

  it("lets one of many simultaneous redemptions win", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => redeem(index % 2 ? ada : bjorn, RACE)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(11).fill(409)]);
  });
});
