import type { Weekday } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import {
  type AnySQLiteColumn,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
const id = () => integer('id').primaryKey({ autoIncrement: true })
const createdAt = () => text('created_at').notNull().default(now)
const updatedAt = () => text('updated_at').notNull().default(now)
const bool = (name: string) => integer(name, { mode: 'boolean' })

export const users = sqliteTable(
  'users',
  {
    id: id(),
    provider: text('provider').notNull(),
    provider_user_id: text('provider_user_id').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    provider_name: text('provider_name'),
    picture: text('picture'),
    // Shown under the author's name in the memo header (PUT /api/users/me).
    display_title: text('display_title'),
    last_seen_at: text('last_seen_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_provider_uid').on(t.provider, t.provider_user_id),
    index('users_email').on(t.email),
  ],
)

export const sessions = sqliteTable(
  'sessions',
  {
    // SHA-256 of the token in the cookie, hex; the token itself is never stored.
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: text('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('sessions_user').on(t.user_id)],
)

export const devAuthCodes = sqliteTable('dev_auth_codes', {
  code_hash: text('code_hash').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  code_challenge: text('code_challenge').notNull(),
  expires_at: text('expires_at').notNull(),
  used_at: text('used_at'),
})

export const userSettings = sqliteTable('user_settings', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  report_frequency: text('report_frequency', {
    enum: ['weekly', 'bi-weekly', 'monthly', 'quarterly'],
  })
    .notNull()
    .default('weekly'),
  weekly_start_day: text('weekly_start_day').$type<Weekday>().notNull().default('monday'),
  weekly_end_day: text('weekly_end_day').$type<Weekday>().notNull().default('friday'),
  onboarding_complete: bool('onboarding_complete').notNull().default(false),
  carry_over: bool('carry_over').notNull().default(true),
  // A weekly e-mail on the week end day while this week's report is not sent (needs SMTP).
  reminder_enabled: bool('reminder_enabled').notNull().default(true),
  // Team roll-up: remind linked team members who have not sent by this user's week end day.
  team_reminder_enabled: bool('team_reminder_enabled').notNull().default(false),
  // JSON array of validated e-mail addresses that receive the report on Send (needs SMTP).
  report_recipients: text('report_recipients').notNull().default('[]'),
  // JSON array of https URLs (Slack, Teams or any JSON webhook) posted to on Send.
  webhook_urls: text('webhook_urls').notNull().default('[]'),
  // The memo header's organisation (null: none).
  organisation_name: text('organisation_name'),
  // The report e-mail carries the memo as a PDF.
  email_attach_pdf: bool('email_attach_pdf').notNull().default(false),
  // The footer line of the print and the PDF ('Confidential — board only'; null: none).
  confidentiality_line: text('confidentiality_line'),
  // The PDF's paper size.
  paper_size: text('paper_size', { enum: ['letter', 'a4'] })
    .notNull()
    .default('letter'),
  created_at: createdAt(),
  updated_at: updatedAt(),
})

export const sectionTemplates = sqliteTable(
  'section_templates',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['standard', 'tasks', 'followups'] }).notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('section_templates_user').on(t.user_id, t.sort_order)],
)

export const projects = sqliteTable(
  'projects',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull().unique(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    // The team member who owns the project (Settings › Projects; null: none chosen, and the
    // portfolio shows the first assignee of its open items instead, computed, never stored).
    owner_member_id: integer('owner_member_id').references((): AnySQLiteColumn => teamMembers.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('projects_user').on(t.user_id, t.status),
    index('projects_owner_member').on(t.owner_member_id),
  ],
)

export const teamMembers = sqliteTable(
  'team_members',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull().unique(),
    name: text('name').notNull(),
    title: text('title'),
    email: text('email').notNull(),
    // Team roll-up: the Cadence account that accepted this member's invitation.
    linked_user_id: integer('linked_user_id').references((): AnySQLiteColumn => users.id, {
      onDelete: 'set null',
    }),
    linked_at: text('linked_at'),
    // When an invitation was last e-mailed to this member: at most one an hour (a conditional
    // update claims the hour, so two instances at once send one).
    invitation_emailed_at: text('invitation_emailed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('team_members_user').on(t.user_id),
    index('team_members_linked_user').on(t.linked_user_id),
    // The cached GETs' session peek sums the linked members' data versions: this reads only the
    // user's linked members, not every member row (docs/benchmarks.md).
    index('team_members_user_linked')
      .on(t.user_id, t.linked_user_id)
      .where(sql`linked_user_id IS NOT NULL`),
  ],
)

export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull().unique(),
    week_start_date: text('week_start_date').notNull(),
    title: text('title'),
    summary: text('summary'),
    /** The model whose draft the summary was accepted from (issue 47); null: typed by hand. */
    summary_model: text('summary_model'),
    is_submitted: bool('is_submitted').notNull().default(false),
    sent_date: text('sent_date'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('reports_user_week').on(t.user_id, t.week_start_date)],
)

export const reportSections = sqliteTable(
  'report_sections',
  {
    id: id(),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    section_template_id: integer('section_template_id').references(() => sectionTemplates.id, {
      onDelete: 'set null',
    }),
    section_name: text('section_name').notNull(),
    section_type: text('section_type', { enum: ['standard', 'tasks', 'followups'] }).notNull(),
    content: text('content'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('report_sections_report').on(t.report_id, t.sort_order),
    index('report_sections_user').on(t.user_id),
    index('report_sections_template').on(t.section_template_id),
  ],
)

export const sectionItems = sqliteTable(
  'section_items',
  {
    id: id(),
    section_id: integer('section_id')
      .notNull()
      .references(() => reportSections.id, { onDelete: 'cascade' }),
    // Denormalised owner: every lookup is by owner, and it keeps ownership checks to one index.
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project_id: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    is_completed: bool('is_completed').notNull().default(false),
    item_type: text('item_type', { enum: ['standard', 'task', 'followup'] })
      .notNull()
      .default('standard'),
    assigned_to_team_member_id: integer('assigned_to_team_member_id').references(
      () => teamMembers.id,
      { onDelete: 'set null' },
    ),
    carried_from_item_id: integer('carried_from_item_id').references(
      (): AnySQLiteColumn => sectionItems.id,
      { onDelete: 'set null' },
    ),
    // Team roll-up: the teammate's item this one was pulled from (another user's row), and
    // their name as it was then, kept when the source goes.
    source_item_id: integer('source_item_id').references((): AnySQLiteColumn => sectionItems.id, {
      onDelete: 'set null',
    }),
    source_author_name: text('source_author_name'),
    // Set when the linked assignee completed it from 'Assigned to me'; cleared when the owner
    // changes its state. The assignee's short note.
    assignee_completed_at: text('assignee_completed_at'),
    assignee_note: text('assignee_note'),
    // Asks: an item asked of the readers ('Approve the Q1 hiring budget'), closed by its author.
    is_ask: bool('is_ask').notNull().default(false),
    ask_closed_at: text('ask_closed_at'),
    // A follow-up made from a reader's question: private to the author, in a brief only when
    // the author chose 'Include in brief' (modules/sending/brief/filter.ts).
    from_reader: bool('from_reader').notNull().default(false),
    include_in_brief: bool('include_in_brief').notNull().default(false),
    // Sources: the link of the outside work (a merged pull request, a closed issue) it was made
    // from by accepting a suggestion (modules/sources).
    source_url: text('source_url'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // (section, order): a report's items in order, and the next sort_order, without a sort.
    index('section_items_section').on(t.section_id, t.sort_order),
    index('section_items_user_open').on(t.user_id, t.item_type, t.is_completed),
    // Covers the per-project counts of a user's items (GET /api/projects) without the table.
    index('section_items_user_project').on(t.user_id, t.project_id, t.item_type, t.section_id),
    // The optional references' indexes hold only the items that have one (a lookup by one of
    // them, `= ?`, implies NOT NULL and uses the index): a new item, usually with none, writes
    // four index entries instead of nine (docs/benchmarks.md, "Durable writes over HTTP").
    index('section_items_project').on(t.project_id).where(sql`project_id IS NOT NULL`),
    index('section_items_assignee')
      .on(t.assigned_to_team_member_id)
      .where(sql`assigned_to_team_member_id IS NOT NULL`),
    // An item is carried forward once: two carry-overs at the same moment cannot both copy it.
    // Also the index of the foreign key.
    uniqueIndex('section_items_carried_once')
      .on(t.carried_from_item_id)
      .where(sql`carried_from_item_id IS NOT NULL`),
    // A source is pulled into a section once (POST /api/reports/{uuid}/pull).
    uniqueIndex('section_items_section_source')
      .on(t.section_id, t.source_item_id)
      .where(sql`source_item_id IS NOT NULL`),
    index('section_items_source').on(t.source_item_id).where(sql`source_item_id IS NOT NULL`),
    // A suggestion is accepted into a section once, whatever the clicks or the instances.
    uniqueIndex('section_items_section_source_url')
      .on(t.section_id, t.source_url)
      .where(sql`source_url IS NOT NULL`),
  ],
)

/**
 * The per-project counts of GET /api/projects, kept by the database so that reading them costs
 * the same whatever a user's history (issue 45; docs/database.md, "Maintained counts"). One row
 * per (project, section, item owner) with the items tagged to it there, kept by triggers on
 * `section_items` (src/db/{sqlite,pg}/features/project-counts.sql), deleted when it holds none;
 * `report_id` is the section's, stored so that the row knows its report once the section is gone.
 * Derived: never written by the services, not copied by copy-data (the target's triggers rebuild it).
 */
export const projectSectionCounts = sqliteTable(
  'project_section_counts',
  {
    id: id(),
    user_id: integer('user_id').notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    section_id: integer('section_id')
      .notNull()
      .references(() => reportSections.id, { onDelete: 'cascade' }),
    report_id: integer('report_id').notNull(),
    items: integer('items').notNull().default(0),
    tasks: integer('tasks').notNull().default(0),
    followups: integer('followups').notNull().default(0),
  },
  (t) => [
    uniqueIndex('project_section_counts_key').on(t.project_id, t.section_id, t.user_id),
    index('project_section_counts_section').on(t.section_id),
  ],
)

/**
 * One row per (project, report, item owner): how many `project_section_counts` rows the report has
 * for the project, kept by triggers on that table and deleted at zero; its rows are what
 * `project_counts.reports` counts. Derived, as above.
 */
export const projectReportCounts = sqliteTable(
  'project_report_counts',
  {
    id: id(),
    user_id: integer('user_id').notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    report_id: integer('report_id').notNull(),
    sections: integer('sections').notNull().default(0),
    // The report's week, set by a trigger when the row is made (a report's week never changes):
    // the project's latest report with an item of it is one index seek (the portfolio).
    week_start_date: text('week_start_date'),
  },
  (t) => [
    uniqueIndex('project_report_counts_key').on(t.project_id, t.report_id, t.user_id),
    index('project_report_counts_week').on(t.project_id, t.user_id, t.week_start_date),
  ],
)

/**
 * One row per (project, item owner): the sums of its `project_section_counts` rows (kept by
 * triggers on that table) and the number of its `project_report_counts` rows (by triggers on that
 * one). Derived, as above.
 */
export const projectCounts = sqliteTable(
  'project_counts',
  {
    id: id(),
    user_id: integer('user_id').notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    refs: integer('refs').notNull().default(0),
    tasks: integer('tasks').notNull().default(0),
    followups: integer('followups').notNull().default(0),
    reports: integer('reports').notNull().default(0),
  },
  (t) => [uniqueIndex('project_counts_key').on(t.project_id, t.user_id)],
)

const memberEntry = (name: string) =>
  sqliteTable(
    name,
    {
      id: id(),
      team_member_id: integer('team_member_id')
        .notNull()
        .references(() => teamMembers.id, { onDelete: 'cascade' }),
      user_id: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      project_id: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
      content: text('content').notNull(),
      is_completed: bool('is_completed').notNull().default(false),
      created_at: createdAt(),
      updated_at: updatedAt(),
    },
    (t) => [
      index(`${name}_member`).on(t.team_member_id),
      index(`${name}_user`).on(t.user_id),
      index(`${name}_project`).on(t.project_id),
    ],
  )

export const talkingPoints = memberEntry('talking_points')
export const memberTasks = memberEntry('member_tasks')
export const memberFollowups = memberEntry('member_followups')

/**
 * One counter per user, bumped by triggers (drizzle/0003_perf_indexes.sql) on every write to a
 * table holding that user's data; user_id 0 is the counter of data shared by everyone. The HTTP
 * cache (src/lib/http-cache.ts) keys cached responses and ETags by it.
 */
export const dataVersions = sqliteTable('data_versions', {
  user_id: integer('user_id').primaryKey(),
  version: integer('version').notNull().default(0),
})

export const systemSettings = sqliteTable('system_settings', {
  key: text('key').primaryKey(),
  setting_value: text('setting_value').notNull(),
  setting_type: text('setting_type', { enum: ['boolean', 'number', 'text'] }).notNull(),
  description: text('description'),
  updated_at: updatedAt(),
})

export const activityLog = sqliteTable(
  'activity_log',
  {
    id: id(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity_type: text('entity_type'),
    entity_id: text('entity_id'),
    details: text('details'),
    created_at: createdAt(),
  },
  (t) => [index('activity_log_created').on(t.created_at), index('activity_log_user').on(t.user_id)],
)

export const onboardingEvents = sqliteTable(
  'onboarding_events',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    action: text('action', { enum: ['started', 'completed', 'skipped', 'abandoned'] }).notNull(),
    duration_ms: integer('duration_ms'),
    created_at: createdAt(),
  },
  (t) => [
    index('onboarding_events_user').on(t.user_id),
    index('onboarding_events_step').on(t.step),
  ],
)

/**
 * E-mails Cadence sends: a report on Send, or the weekly reminder. One row per message, retried
 * with backoff by the in-process mailer; the partial unique index makes a reminder for the same
 * user and week impossible to record (and so to send) twice, also across restarts.
 */
export const deliveries = sqliteTable(
  'deliveries',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    kind: text('kind', {
      enum: ['report', 'reminder', 'webhook', 'team_reminder', 'question', 'nudge'],
    }).notNull(),
    week_start_date: text('week_start_date').notNull(),
    // JSON array of addresses (a webhook: the one URL it posts to).
    recipients: text('recipients').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: text('next_attempt_at').notNull().default(now),
    sent_at: text('sent_at'),
    // The edition a report delivery carries (a Send or a 'Send update'); null on older rows.
    edition_id: integer('edition_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('deliveries_due').on(t.status, t.next_attempt_at),
    index('deliveries_report').on(t.report_id),
    // The foreign key's: the indexes below that lead with user_id are partial (one kind each).
    index('deliveries_user').on(t.user_id),
    uniqueIndex('deliveries_reminder_once')
      .on(t.user_id, t.week_start_date)
      .where(sql`kind = 'reminder'`),
    // A team member is reminded once a week, however many executives' teams they are on.
    uniqueIndex('deliveries_team_reminder_once')
      .on(t.user_id, t.week_start_date)
      .where(sql`kind = 'team_reminder'`),
    // One question e-mail waits per brief at a time: readers asking meanwhile join it.
    uniqueIndex('deliveries_question_waiting')
      .on(t.report_id)
      .where(sql`kind = 'question' AND status = 'pending'`),
    // Nudge: an executive nudges one person (the address) at most once in that person's week.
    uniqueIndex('deliveries_nudge_once')
      .on(t.user_id, t.recipients, t.week_start_date)
      .where(sql`kind = 'nudge'`),
  ],
)

/**
 * Secrets the instances of one deployment share (the key that signs pending sign-ins), made once
 * by whichever instance needs one first. In the database, never in process memory.
 */
export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
})

/**
 * Fixed-window counters (the sign-in rate limit), shared by every instance: `key` is what is
 * limited (a client address), `window_start` the window's start in ms since the epoch.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    window_start: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window').on(t.window_start)],
)

/** A project's health on one report; one row per report and project. */
export const projectHealth = sqliteTable(
  'project_health',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    health: text('health', { enum: ['on_track', 'at_risk', 'off_track'] }).notNull(),
    note: text('note'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('project_health_report_project').on(t.report_id, t.project_id),
    index('project_health_project').on(t.project_id),
    index('project_health_user').on(t.user_id),
  ],
)

/**
 * A private read-only link to a report (/r/<token>). Only the SHA-256 of the token is stored; the
 * token is shown once, in the answer that creates the link.
 */
export const shares = sqliteTable(
  'shares',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    // null: never expires.
    expires_at: text('expires_at'),
    revoked_at: text('revoked_at'),
    views: integer('views').notNull().default(0),
    last_viewed_at: text('last_viewed_at'),
    // A personal reader link (one per report and recipient, modules/sharing/recipient-links.ts):
    // the recipient's lower-cased e-mail, and the random nonce its token is derived from.
    recipient_email: text('recipient_email'),
    token_nonce: text('token_nonce'),
    // The edition the reader's page last loaded (last_viewed_at: when).
    opened_edition_number: integer('opened_edition_number'),
    created_at: createdAt(),
  },
  (t) => [
    index('shares_user').on(t.user_id),
    index('shares_report').on(t.report_id),
    // One live personal link per report and recipient: a revoked one leaves room for a new one.
    uniqueIndex('shares_report_recipient')
      .on(t.report_id, t.recipient_email)
      .where(sql`recipient_email IS NOT NULL AND revoked_at IS NULL`),
  ],
)

/** A reader's question on a shared report (or one of its items), and the author's answer. */
export const shareQuestions = sqliteTable(
  'share_questions',
  {
    id: id(),
    // The report's author: the question is theirs to read and answer.
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    share_id: integer('share_id').references(() => shares.id, { onDelete: 'set null' }),
    // The item asked about, when it is one.
    item_id: integer('item_id').references((): AnySQLiteColumn => sectionItems.id, {
      onDelete: 'set null',
    }),
    // The follow-up the question became in the author's report.
    followup_item_id: integer('followup_item_id').references(
      (): AnySQLiteColumn => sectionItems.id,
      { onDelete: 'set null' },
    ),
    name: text('name').notNull(),
    text: text('text').notNull(),
    answer: text('answer'),
    answered_at: text('answered_at'),
    seen_at: text('seen_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('share_questions_user').on(t.user_id, t.seen_at),
    index('share_questions_report').on(t.report_id),
    index('share_questions_item').on(t.item_id),
    index('share_questions_followup_item').on(t.followup_item_id),
    index('share_questions_share').on(t.share_id),
  ],
)

// ---- asks: readers' answers to an item asked of them ----

/** A reader's answer to an ask, from a private link: approve, decline or a comment. */
export const askAnswers = sqliteTable(
  'ask_answers',
  {
    id: id(),
    // The report's author: the answer is theirs to read.
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references((): AnySQLiteColumn => sectionItems.id, { onDelete: 'cascade' }),
    share_id: integer('share_id').references(() => shares.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    answer: text('answer', { enum: ['approve', 'decline', 'comment'] }).notNull(),
    text: text('text'),
    // Who answered: `share:<id>` on a personal link, `name:<share id>:<lower-cased name>` on an
    // anonymous one (null: an answer from before readers were told apart).
    reader_key: text('reader_key'),
    // Set when the same reader answered again: the answer stays in the ask's history.
    replaced_at: text('replaced_at'),
    // When the author saw the answer (the dashboard's 'Needs you' lists those not seen yet).
    seen_at: text('seen_at'),
    // The edition answered and the ask's wording in it.
    edition_number: integer('edition_number'),
    wording: text('wording'),
    created_at: createdAt(),
  },
  (t) => [
    index('ask_answers_item').on(t.item_id),
    // One current answer per reader and ask.
    uniqueIndex('ask_answers_current')
      .on(t.item_id, t.reader_key)
      .where(sql`reader_key IS NOT NULL AND replaced_at IS NULL`),
    index('ask_answers_user').on(t.user_id),
    index('ask_answers_user_seen').on(t.user_id, t.seen_at),
    index('ask_answers_share').on(t.share_id),
    index('ask_answers_report').on(t.report_id),
  ],
)

/** 'Read — thanks' from a reader of a shared report. */
export const shareAcknowledgements = sqliteTable(
  'share_acknowledgements',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    share_id: integer('share_id').references(() => shares.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('share_acknowledgements_report').on(t.report_id),
    index('share_acknowledgements_share').on(t.share_id),
    index('share_acknowledgements_user').on(t.user_id),
  ],
)

/**
 * A single-use invitation for a team member to link their own account. Only the
 * SHA-256 of the token is stored; the link is shown once.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: id(),
    // The executive who invited.
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    team_member_id: integer('team_member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
    used_at: text('used_at'),
    used_by_user_id: integer('used_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
  },
  (t) => [
    index('invitations_user').on(t.user_id),
    index('invitations_member').on(t.team_member_id),
    index('invitations_used_by').on(t.used_by_user_id),
  ],
)

/**
 * Work that runs on a schedule once across every instance (the retention job): an instance runs
 * a job only after claiming its row with one conditional UPDATE (due, and no live lease), and only
 * the holder of the lease records the next due time.
 */
export const scheduledJobs = sqliteTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  due_at: text('due_at').notNull(),
  locked_until: text('locked_until'),
  last_started_at: text('last_started_at'),
  last_finished_at: text('last_finished_at'),
  last_result: text('last_result'),
})

/**
 * A sent report's editions: what its readers got at each Send or 'Send update', frozen. `brief`
 * is the JSON of the shared report's `report` (modules/sending/brief/build.ts); `number` counts from 1 per report.
 */
export const reportEditions = sqliteTable(
  'report_editions',
  {
    id: id(),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    sent_at: text('sent_at').notNull(),
    note: text('note'),
    brief: text('brief').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('report_editions_number').on(t.report_id, t.number),
    index('report_editions_user').on(t.user_id),
  ],
)

// Metrics: the few numbers an account follows every week (name, unit, which way is better, an
// optional target), and each report's value of them (one row per report and metric; none = empty).
export const metrics = sqliteTable(
  'metrics',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit'),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    target: real('target'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('metrics_user').on(t.user_id, t.sort_order)],
)

export const metricValues = sqliteTable(
  'metric_values',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    metric_id: integer('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    value: real('value').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('metric_values_report_metric').on(t.report_id, t.metric_id),
    index('metric_values_metric').on(t.metric_id),
    index('metric_values_user').on(t.user_id),
  ],
)

// Decisions: the decision log (drizzle/0013_decisions.sql).
/** A decision: what, when, by whom (null: the user; else their team member), why, when to revisit. */
export const decisions = sqliteTable(
  'decisions',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    decided_on: text('decided_on').notNull(),
    decided_by_member_id: integer('decided_by_member_id').references(() => teamMembers.id, {
      onDelete: 'set null',
    }),
    // The member's name when it was recorded: still shown after the member is deleted.
    decided_by_name: text('decided_by_name'),
    rationale: text('rationale'),
    revisit_on: text('revisit_on'),
    project_id: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    source_item_id: integer('source_item_id').references(() => sectionItems.id, {
      onDelete: 'set null',
    }),
    // The first of an ask's carried copies (carried_from_item_id followed back): an ask is
    // recorded as a decision once across its copies. No foreign key: it outlives the item.
    ask_root_item_id: integer('ask_root_item_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('decisions_user').on(t.user_id, t.decided_on),
    uniqueIndex('decisions_ask_once')
      .on(t.ask_root_item_id)
      .where(sql`ask_root_item_id IS NOT NULL`),
    index('decisions_member').on(t.decided_by_member_id),
    index('decisions_project').on(t.project_id),
    index('decisions_source_item').on(t.source_item_id),
    index('decisions_revisit').on(t.user_id, t.revisit_on),
  ],
)

/**
 * A decision's revisit made into a follow-up of a report: one row per decision and revisit date
 * (the unique index makes it once, modules/decisions/revisits.ts).
 */
export const decisionRevisits = sqliteTable(
  'decision_revisits',
  {
    id: id(),
    decision_id: integer('decision_id')
      .notNull()
      .references(() => decisions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revisit_on: text('revisit_on').notNull(),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    item_id: integer('item_id').references(() => sectionItems.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('decision_revisits_once').on(t.decision_id, t.revisit_on),
    index('decision_revisits_user').on(t.user_id),
    index('decision_revisits_report').on(t.report_id),
    index('decision_revisits_item').on(t.item_id),
  ],
)

/**
 * Sources (modules/sources): a user's connection to GitHub, GitLab, Jira or Linear. The token is
 * AES-256-GCM ciphertext (modules/sources/crypto.ts), never answered, logged or exported.
 */
export const sources = sqliteTable(
  'sources',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['github', 'gitlab', 'jira', 'linear'] }).notNull(),
    base_url: text('base_url').notNull(),
    token_ciphertext: text('token_ciphertext').notNull(),
    filter: text('filter'),
    project_id: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('sources_user').on(t.user_id), index('sources_project').on(t.project_id)],
)

/**
 * A suggestion accepted or dismissed for a report's week: one row per (report, suggestion key),
 * so an accept is made once by the database.
 */
export const sourceSuggestionStates = sqliteTable(
  'source_suggestion_states',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    suggestion_key: text('suggestion_key').notNull(),
    state: text('state', { enum: ['accepted', 'dismissed'] }).notNull(),
    item_id: integer('item_id').references(() => sectionItems.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('source_suggestion_states_once').on(t.report_id, t.suggestion_key),
    index('source_suggestion_states_user').on(t.user_id),
    index('source_suggestion_states_item').on(t.item_id),
  ],
)
