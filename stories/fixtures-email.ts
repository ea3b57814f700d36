// The e-mail of a brief as GET /api/reports/{uuid}/email-preview answers it (what the server's
// e-mail renderer makes): e-mail-safe HTML, tables and inline styles, light in any theme.
export const emailSubject = 'Northwind Labs — Weekly Report, Nov 23 – Nov 27, 2026 — Apollo beta'

const chip = (text: string, fg: string, bg: string) =>
  `<span style="display:inline-block;padding:1px 8px;border-radius:999px;background:${bg};color:${fg};font-size:12px;font-weight:600">${text}</span>`

export const emailHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>@media (max-width:640px){.m td{display:block;width:auto!important;padding:2px 0!important}}</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Inter,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px 8px">
<p style="margin:0;font-size:12px;letter-spacing:.06em;text-transform:uppercase;font-weight:600">Northwind Labs <span style="float:right;text-transform:none;letter-spacing:0;color:#6b7280;font-weight:400">Sent Nov 27, 2026</span></p>
<h1 style="margin:6px 0 2px;font-size:22px">Weekly Report</h1>
<p style="margin:0;color:#4b5563;font-size:14px">Nov 23 – Nov 27, 2026 · From Dana Whitfield, Chief Executive</p>
<p style="margin:14px 0 0"><a href="https://cadence.example/r/READER" style="display:inline-block;padding:8px 14px;border-radius:6px;background:#3446d3;color:#ffffff;text-decoration:none;font-weight:600;font-size:14px">Read online</a></p>
</td></tr>
<tr><td style="padding:8px 24px"><h2 style="margin:8px 0 4px;font-size:18px">Apollo beta and Q4 hiring</h2>
<p style="margin:0;font-size:14px;line-height:1.5">Beta slipped two weeks; hiring on plan for engineering, behind for sales.</p></td></tr>
<tr><td style="padding:8px 24px"><h3 style="margin:8px 0 6px;font-size:15px">Project health</h3>
<table role="presentation" class="m" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">
<tr><td style="padding:6px 0;width:30%;font-weight:600">Apollo</td><td style="padding:6px 0;width:20%">${chip('At risk', '#b45309', '#fef3c7')}</td><td style="padding:6px 0;color:#4b5563">was On track · Vendor slipped the beta by two weeks.</td></tr>
<tr><td style="padding:6px 0;font-weight:600">Q4 hiring</td><td style="padding:6px 0">${chip('On track', '#15803d', '#dcfce7')}</td><td style="padding:6px 0;color:#4b5563">same</td></tr>
</table></td></tr>
<tr><td style="padding:8px 24px"><h3 style="margin:8px 0 6px;font-size:15px">Asks of you</h3>
<p style="margin:0 0 6px;font-size:14px">1. Approve the Q1 hiring budget (Q4 hiring) <a href="https://cadence.example/r/READER#ask-41" style="margin-left:6px;color:#3446d3;font-weight:600">Answer</a></p></td></tr>
<tr><td style="padding:8px 24px"><h3 style="margin:8px 0 6px;font-size:15px">Metrics</h3>
<table role="presentation" class="m" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">
<tr><td style="padding:6px 0;font-weight:600">ARR</td><td style="padding:6px 0">430 €k</td><td style="padding:6px 0;color:#b91c1c">−25 €k (worse)</td><td style="padding:6px 0">${chip('Missed target', '#b91c1c', '#fee2e2')}</td></tr>
<tr><td style="padding:6px 0;font-weight:600">Qualified leads</td><td style="padding:6px 0">94</td><td style="padding:6px 0;color:#15803d">+43 (better)</td><td style="padding:6px 0">${chip('Unusual move', '#b45309', '#fef3c7')}</td></tr>
</table></td></tr>
<tr><td style="padding:8px 24px 20px"><h3 style="margin:8px 0 6px;font-size:15px">Action Items</h3>
<p style="margin:0;font-size:14px">☐ Move the beta to Dec 7 (Assigned to Dana Ruiz)</p>
<p style="margin:4px 0 0;font-size:14px">☑ Sign the QA vendor ✓ Completed</p>
<p style="margin:16px 0 0;color:#6b7280;font-size:12px">End of Report · Reply to this e-mail to write to Dana Whitfield.</p></td></tr>
</table></td></tr></table></body></html>`
