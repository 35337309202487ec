/**
 * Readings of what happened in a game (its log), for a player's screen: the same home as the
 * readings of rules, for sentences about events instead of effects. Every name in them comes
 * from the spec (seat names, zone and var labels, card names, prompts, labels, rule texts); the
 * templates only join them, in English and Chinese.
 */
import type { Text } from '../../loader/types.generated.ts';
import type { Lang } from '../i18n.ts';

export interface EventTemplates {
  /** a seat's answer to a choice: `prompt` is the choice's prompt, `answer` its label or value */
  chose(who: string, prompt: string, answer: string): string;
  /** a seat's answer that has a label of its own (`Leave the gunfight`): the label says it all */
  choseLabelled(who: string, label: string): string;
  /** seats answered a choice in secret */
  choseSecretly(who: string, prompt: string): string;
  /** cards went from one zone to another; `what` names them when they were seen */
  moved(count: number, from: string, to: string, what: string | undefined): string;
  /** a zone's cards were shared out */
  shared(among: string, share: string, left: number): string;
  /** nobody could share */
  sharedNobody(left: number): string;
  /** a var took a value (`of` is its owner, when it is a seat's) */
  became(label: string, of: string | undefined, value: string): string;
  shuffled(zone: string): string;
  eliminated(who: string): string;
  ended(why: string): string;
  /** cards turned face up for everyone */
  revealed(what: string): string;
  /** a zone of a seat: `hand of Seat 2` */
  zoneOf(zone: string, owner: string): string;
  yes: string;
  no: string;
  none: string;
  /** a seat's possessive or "your" */
  seatZone(owner: string, isYou: boolean, zone: string): string;
  /** a ranking key decided a tie: `better` is "fewer"/"more" */
  tieBroken(label: string, fewerWins: boolean, values: string): string;
  /** "×3" */
  times(n: number): string;
  /** the sum of the cards' values */
  totalOf(value: string): string;
  number(n: number): string;
}

const num = (n: number): string => (Number.isInteger(n) ? n.toLocaleString('en-US') : String(n)).replace(/^-/, '−');

export const EVENTS: Readonly<Record<Lang, EventTemplates>> = {
  en: {
    chose: (who, prompt, answer) => `${who} — ${prompt}: ${answer}`,
    choseLabelled: (who, label) => `${who}: ${label}`,
    choseSecretly: (who, prompt) => `${who} answered in secret — ${prompt}`,
    moved: (count, from, to, what) => `${count === 1 ? '1 card' : `${count} cards`} from ${from} to ${to}${what ? `: ${what}` : ''}`,
    shared: (among, share, left) => `${among} share${/ and |^You$/.test(among) ? '' : 's'} the cards: ${share} each${left > 0 ? `; ${left} left over` : ''}`,
    sharedNobody: (left) => `nobody shares the cards; ${left} stay`,
    became: (label, of, value) => `${of ? `${of} — ` : ''}${label}: ${value}`,
    shuffled: (zone) => `${zone} shuffled`,
    eliminated: (who) => `${who} is out of the game`,
    ended: (why) => (/^the game ends/i.test(why) ? why : `The game ends: ${why}`),
    revealed: (what) => `shown to everyone: ${what}`,
    zoneOf: (zone, owner) => `${zone} (${owner})`,
    yes: 'yes',
    no: 'no',
    none: 'none',
    seatZone: (owner, isYou, zone) => {
      const z = zone.replace(/^the /, '');
      return isYou ? `your ${z}` : `${owner}'s ${z}`;
    },
    tieBroken: (label, fewerWins, values) => `decided by ${label} (${fewerWins ? 'fewer' : 'more'} wins): ${values}`,
    times: (n) => `×${n}`,
    totalOf: (v) => `total ${v}`,
    number: num,
  },
  zh: {
    chose: (who, prompt, answer) => `${who} — ${prompt}:${answer}`,
    choseLabelled: (who, label) => `${who}:${label}`,
    choseSecretly: (who, prompt) => `${who} 已秘密作答 — ${prompt}`,
    moved: (count, from, to, what) => `${count} 張牌從${from}移到${to}${what ? `:${what}` : ''}`,
    shared: (among, share, left) => `${among} 平分:每人 ${share}${left > 0 ? `;剩下 ${left} 張` : ''}`,
    sharedNobody: (left) => `無人分配;${left} 張留下`,
    became: (label, of, value) => `${of ? `${of} — ` : ''}${label}:${value}`,
    shuffled: (zone) => `${zone}已洗勻`,
    eliminated: (who) => `${who} 出局`,
    ended: (why) => (why.startsWith('遊戲') ? why : `遊戲結束:${why}`),
    revealed: (what) => `向所有人公開:${what}`,
    zoneOf: (zone, owner) => `${owner}的${zone}`,
    yes: '是',
    no: '否',
    none: '無',
    seatZone: (owner, isYou, zone) => (isYou ? `你的${zone}` : `${owner}的${zone}`),
    tieBroken: (label, fewerWins, values) => `由「${label}」決定(${fewerWins ? '較少' : '較多'}者勝):${values}`,
    times: (n) => `×${n}`,
    totalOf: (v) => `合計 ${v}`,
    number: num,
  },
};

export { declLabel, idWords, shortLabel, wantsName, type Declared } from '../../model/labels.ts';
