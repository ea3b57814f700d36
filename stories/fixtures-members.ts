import type { TeamMember } from '@cadence/ui'
import { memberDefaults } from './fixture-defaults'

const base = {
  ...memberDefaults,
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
}

/** A small team for primitives' stories (mentions). */
export const primitiveMembers: TeamMember[] = [
  {
    ...base,
    id: 1,
    uuid: 'm-1',
    name: 'Ada Lovelace',
    title: 'Head of Engineering',
    email: 'ada@example.com',
  },
  {
    ...base,
    id: 2,
    uuid: 'm-2',
    name: 'Grace Hopper',
    title: 'Platform Lead',
    email: 'grace@example.com',
  },
  { ...base, id: 3, uuid: 'm-3', name: 'Alan Turing', title: null, email: 'alan@example.com' },
  {
    ...base,
    id: 4,
    uuid: 'm-4',
    name: 'Katherine Johnson',
    title: 'Finance Director',
    email: 'kj@example.com',
  },
]
