import { mentionNames, toEditable, toStored } from "./editable-mentions";

const CH = { rules: "300000000000000002", rules2: "300000000000000006", dupA: "300000000000000007", dupB: "300000000000000008", hello: "300000000000000009" };
const ROLE = { pings: "400000000000000003", mods: "400000000000000001", everyone: "200000000000000001" };
const ADA = "100000000000000001";

const names = mentionNames({
  channels: [
    { id: CH.rules, name: "rules" },
    { id: CH.rules2, name: "rules-2" },
    { id: CH.dupA, name: "general" },
    { id: CH.dupB, name: "general" },
    { id: CH.hello, name: "👋-introductions" },
  ],
  roles: [
    { id: ROLE.pings, name: "Event Pings" },
    { id: ROLE.mods, name: "Mods" },
    { id: ROLE.everyone, name: "@everyone" },
  ],
  members: [{ id: ADA, name: "Ada" }],
});

describe("mentions in the editor", () => {
  it("shows each mention with a name of its own by that name, and stores it back as the same mention", () => {
    const stored = `Read <#${CH.rules}> and <#${CH.rules2}>, <#${CH.hello}>; ask <@&${ROLE.pings}> or <@${ADA}>.`;
    const shown = toEditable(stored, names);
    expect(shown).toBe("Read #rules and #rules-2, #👋-introductions; ask @Event Pings or @Ada.");
    expect(toStored(shown, names)).toBe(stored);
  });

  it("keeps the raw mention where a name is shared or unknown, and the words @everyone and @here", () => {
    const stored = `<#${CH.dupA}> <#300000000000000099> <@&${ROLE.everyone}> @everyone @here`;
    expect(toEditable(stored, names)).toBe(stored);
    expect(toStored(stored, names)).toBe(stored);
    // Typed by hand, a shared name stays text: it could be either channel.
    expect(toStored("#general", names)).toBe("#general");
  });

  it("makes a mention of a known name typed by hand, the longest name first, only where a word starts and the name ends", () => {
    expect(toStored("see #rules-2, #rules! and #rulesy", names)).toBe(`see <#${CH.rules2}>, <#${CH.rules}>! and #rulesy`);
    expect(toStored("@Event Pings @Event @Mods_x email@Mods", names)).toBe(`<@&${ROLE.pings}> @Event @Mods_x email@Mods`);
  });

  it("leaves text without sigils and variables untouched", () => {
    const text = "Welcome {user.mention} to {server.name}! # @ #{server.member_count}";
    expect(toEditable(text, names)).toBe(text);
    expect(toStored(text, names)).toBe(text);
  });
});
