/**
 * The in-process mailer: sends due deliveries (polling, and at once when one is queued) and
 * records the weekly reminders every minute. Started by src/index.ts when SMTP is configured;
 * app.handle tests never start it unless they mean to.
 */
import type { Transporter } from 'nodemailer'
import type { AppContext } from '../../../context'
import { onDeliveryQueued } from '../queue/queue'
import { type MailTransport, queueReminders, queueTeamReminders, sendDueDeliveries } from './mail'

/**
 * A nodemailer SMTP transport from SMTP_URL (smtp://user:pass@host:587, smtps://…). nodemailer
 * (~35 ms to load) is imported on the first send, so a server without SMTP never loads it and one
 * with SMTP does not pay for it at start.
 *
 * TLS (SMTP_REQUIRE_TLS, on unless the deployment says off): smtps:// is TLS from the start; an
 * smtp:// server must upgrade with STARTTLS (requireTLS), or the attempt fails before the
 * credentials or the report are sent. Off: STARTTLS when the server offers it (nodemailer's
 * default), plain text otherwise.
 */
export function smtpTransport(
  url: string,
  { requireTls = true }: { requireTls?: boolean } = {},
): MailTransport & { close: () => void } {
  let created: Promise<Transporter> | null = null
  let closed = false
  const transporter = () => {
    created ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url,
        requireTLS: requireTls,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      } as Parameters<typeof createTransport>[0]),
    )
    return created
  }
  return {
    sendMail: async (message) => {
      if (closed) throw new Error('The SMTP transport is closed')
      return (await transporter()).sendMail(message)
    },
    close: () => {
      closed = true
      void created?.then((t) => t.close())
    },
  }
}

export type MailerOptions = {
  transport?: MailTransport
  /** How often due deliveries are looked for (ms); a queued delivery also wakes the mailer. */
  pollMs?: number
  /** How often reminders are recorded (ms). */
  reminderMs?: number
  /** Record reminders at all (default true); tests of other paths switch them off. */
  reminders?: boolean
  now?: () => Date
}

export type Mailer = {
  /** One pass: record reminders, then send what is due. Never runs twice at once. */
  tick: () => Promise<void>
  stop: () => Promise<void>
}

export function startMailer(ctx: AppContext, options: MailerOptions = {}): Mailer {
  const smtp = ctx.config.smtp
  if (!smtp) throw new Error('startMailer needs SMTP_URL')
  const owned = options.transport ? null : smtpTransport(smtp.url, { requireTls: smtp.requireTls })
  const transport = options.transport ?? (owned as MailTransport)
  const now = options.now ?? (() => new Date())
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const send = async () => {
    try {
      // Keep going while a pass sends a full batch or something was queued meanwhile.
      do {
        again = false
        await sendDueDeliveries(ctx, transport, now())
      } while (again && !stopped)
    } catch (error) {
      console.error('Mailer: sending failed', error)
    }
  }
  const run = () => {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = send().finally(() => {
      running = null
    })
    return running
  }
  const remind = async () => {
    if (options.reminders === false) return
    try {
      const at = now()
      const queued =
        (await queueReminders(ctx.db, ctx.config, at)) +
        (await queueTeamReminders(ctx.db, ctx.config, at))
      if (queued > 0) void run()
    } catch (error) {
      console.error('Mailer: queueing reminders failed', error)
    }
  }

  const unsubscribe = onDeliveryQueued(ctx.db, () => void run())
  const poll = setInterval(() => void run(), options.pollMs ?? 15_000)
  const reminders = setInterval(() => void remind(), options.reminderMs ?? 60_000)
  void remind().then(() => run())

  return {
    tick: async () => {
      await remind()
      await run()
    },
    stop: async () => {
      stopped = true
      clearInterval(poll)
      clearInterval(reminders)
      unsubscribe()
      await running
      owned?.close()
    },
  }
}
