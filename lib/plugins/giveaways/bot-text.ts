import type { Locale } from "@/lib/i18n/locales";

// What the bot writes around a giveaway (the giveaway message, the draw results), in the
// language it speaks on the guild. The congratulation itself is the plugin's winner message,
// which owners edit; these are the fixed lines around it. `{name}` keys are filled with fill (components/settings-form/values.ts).

export type GiveawayBotText = {
  winners: string;
  ends: string;
  required: string;
  bonus: string;
  enter: string;
  /** Fewer entrants than prizes. */
  allWin: string;
  noEntrants: string;
  reroll: string;
};

export const GIVEAWAY_BOT_TEXT: Record<Locale, GiveawayBotText> = {
  en: {
    winners: "Winners: {count}",
    ends: "Ends {when}",
    required: "Open to: {roles}",
    bonus: "Bonus entries: {bonus}",
    enter: "React with {emoji} to enter!",
    allWin: "Only {entrants} could win for {count} places, so everyone who entered wins.",
    noEntrants: "Nobody could win: there were no valid entries.",
    reroll: "New draw:",
  },
  fr: {
    winners: "Gagnants : {count}",
    ends: "Fin {when}",
    required: "Réservé à : {roles}",
    bonus: "Participations bonus : {bonus}",
    enter: "Réagissez avec {emoji} pour participer !",
    allWin: "Seulement {entrants} pouvaient gagner pour {count} places : tous les participants gagnent.",
    noEntrants: "Personne ne pouvait gagner : aucune participation valable.",
    reroll: "Nouveau tirage :",
  },
  de: {
    winners: "Gewinner: {count}",
    ends: "Endet {when}",
    required: "Nur für: {roles}",
    bonus: "Bonus-Lose: {bonus}",
    enter: "Reagiere mit {emoji}, um teilzunehmen!",
    allWin: "Nur {entrants} konnten für {count} Plätze gewinnen, also gewinnen alle, die teilgenommen haben.",
    noEntrants: "Niemand konnte gewinnen: Es gab keine gültigen Teilnahmen.",
    reroll: "Neue Ziehung:",
  },
  es: {
    winners: "Ganadores: {count}",
    ends: "Termina {when}",
    required: "Solo para: {roles}",
    bonus: "Participaciones extra: {bonus}",
    enter: "¡Reacciona con {emoji} para participar!",
    allWin: "Solo {entrants} podían ganar para {count} premios, así que ganan todos los que participaron.",
    noEntrants: "Nadie podía ganar: no hubo participaciones válidas.",
    reroll: "Nuevo sorteo:",
  },
  pt: {
    winners: "Vencedores: {count}",
    ends: "Termina {when}",
    required: "Só para: {roles}",
    bonus: "Participações extra: {bonus}",
    enter: "Reaja com {emoji} para participar!",
    allWin: "Só {entrants} podiam ganhar para {count} prémios, por isso todos os que participaram ganham.",
    noEntrants: "Ninguém podia ganhar: não houve participações válidas.",
    reroll: "Novo sorteio:",
  },
  ru: {
    winners: "Победителей: {count}",
    ends: "Завершится {when}",
    required: "Только для: {roles}",
    bonus: "Дополнительные билеты: {bonus}",
    enter: "Поставьте {emoji}, чтобы участвовать!",
    allWin: "Выиграть могли только {entrants} на {count} мест, поэтому выигрывают все участники.",
    noEntrants: "Никто не мог выиграть: действительных заявок не было.",
    reroll: "Новый розыгрыш:",
  },
  tr: {
    winners: "Kazanan sayısı: {count}",
    ends: "Bitiş: {when}",
    required: "Yalnızca: {roles}",
    bonus: "Ek katılım hakkı: {bonus}",
    enter: "Katılmak için {emoji} ile tepki ver!",
    allWin: "{count} ödül için yalnızca {entrants} kişi kazanabilirdi, bu yüzden katılan herkes kazanıyor.",
    noEntrants: "Kimse kazanamadı: geçerli katılım yoktu.",
    reroll: "Yeni çekiliş:",
  },
  ar: {
    winners: "عدد الفائزين: {count}",
    ends: "ينتهي {when}",
    required: "متاح لـ: {roles}",
    bonus: "مشاركات إضافية: {bonus}",
    enter: "تفاعل بـ {emoji} للمشاركة!",
    allWin: "لم يكن بإمكان سوى {entrants} الفوز بـ {count} جوائز، لذا يفوز كل من شارك.",
    noEntrants: "لم يكن بإمكان أحد الفوز: لا توجد مشاركات صالحة.",
    reroll: "سحب جديد:",
  },
  tw: {
    winners: "得獎人數：{count}",
    ends: "結束時間：{when}",
    required: "限定身分組：{roles}",
    bonus: "額外抽獎次數：{bonus}",
    enter: "按 {emoji} 反應即可參加！",
    allWin: "{count} 個名額只有 {entrants} 人可以得獎，所以所有參加者都得獎。",
    noEntrants: "沒有人可以得獎：沒有有效的參加。",
    reroll: "重新抽獎：",
  },
};
