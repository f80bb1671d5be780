import type { ChatStatus } from '../../protocol/template.ts';
import type { StarterChat } from '../store/chat.ts';

/** The chat panel's demo contacts (template content) and the conversations a player starts with. */

export interface DemoContact {
  id: string;
  name: string;
  status: ChatStatus;
  mood: string;
  color: string;
}

export const DEMO_CONTACTS: readonly DemoContact[] = [
  { id: 'support', name: 'Reelside Support', status: 'online', mood: 'Here to help, around the clock', color: '#2e7d32' },
  { id: 'ayse', name: 'Ayşe Yılmaz', status: 'online', mood: 'Feeling lucky today', color: '#c2185b' },
  { id: 'mehmet', name: 'Mehmet Kaya', status: 'do-not-disturb', mood: 'In a meeting', color: '#1565c0' },
  { id: 'emma', name: 'Emma Clarke', status: 'away', mood: 'Back in ten minutes', color: '#ef6c00' },
  { id: 'sofia', name: 'Sofia Ivanova', status: 'away', mood: 'Coffee break', color: '#00838f' },
  { id: 'lucas', name: 'Lucas Meyer', status: 'offline', mood: '', color: '#6a1b9a' },
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Dated back from the moment the player first opens the panel. */
export function starterChats(now: number): StarterChat[] {
  const from = (contact: boolean, ago: number, text: string) => ({ fromPlayer: !contact, text, at: now - ago });
  return [
    {
      contactId: 'support',
      unread: 2,
      messages: [
        from(true, 2 * HOUR, 'Welcome to Reelside! Every machine you see in the lobby is a real cabinet on our floor.'),
        from(true, 2 * HOUR - MINUTE, 'If a machine misbehaves, write to us here and we will send someone over.'),
      ],
    },
    {
      contactId: 'ayse',
      unread: 1,
      messages: [
        from(false, 26 * HOUR, 'Have you tried the new Pharaoh Gold cabinets?'),
        from(true, 25 * HOUR, 'Yes! The Sphinx one gave me free spins twice in a row.'),
      ],
    },
    {
      contactId: 'mehmet',
      unread: 0,
      messages: [
        from(true, 3 * 24 * HOUR, 'Are you joining the Diamond Rush evening on Friday?'),
        from(false, 3 * 24 * HOUR - 5 * MINUTE, 'Count me in.'),
      ],
    },
  ];
}

/** A round avatar with initials, as a data: URL (the CSP allows data: images). */
export function initialsAvatar(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => [...word][0]?.toLocaleUpperCase() ?? '')
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    '<text x="32" y="41" font-family="Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">' +
    `${escapeXml(initials)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// Player names are typed by players (register): never let one become markup.
function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
