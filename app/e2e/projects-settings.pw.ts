// Settings, the projects overview and a project's page (section templates, project status):
// sections added, edited and reordered by keyboard and by mouse drag; the projects overview stats
// and a project's timeline; projects filtered, selected, archived and activated in bulk, combined,
// and deleted with a destination for their items. One signed-in user for the whole file; each
// journey saves its final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, chooseOption, drag, expect, signedInPage, step, toast } from './helpers'

let browser: Browser
let page: Page
const projects: Record<string, { id: number; uuid: string }> = {}
let thisWeekReport = ''

/** YYYY-MM-DD of the Monday `weeks` weeks from this week's (the default week start). */
function monday(weeks = 0) {
  const d = new Date()
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * weeks)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** 'Nov 23, 2026' for '2026-11-23', as the screens show dates. */
const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })

const sectionOrder = async () =>
  ((await api(page, 'GET', '/api/section-templates')).json as { name: string }[]).map((s) => s.name)
const sectionRows = async () =>
  (
    await page
      .locator('[data-slot="sortable-item"] [data-slot="inline-edit-display"]')
      .allTextContents()
  ).map((text) => text.replace(/^Section name: /, ''))
const projectRow = (name: string) =>
  page.locator('li', { has: page.getByRole('button', { name: `Project name: ${name}` }) })

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'projects')
})
afterAll(async () => {
  await browser?.close()
})

describe('settings and projects', () => {
  test('report sections: add with Enter, cancel with Escape, edit, reorder by keyboard and by mouse drag', () =>
    step(page, 'settings-sections', async () => {
      await page.goto(`${base}/settings`)
      await page.getByRole('button', { name: 'Report Sections' }).click()
      await page
        .getByText('No sections configured yet. Add your first section to get started.', {
          exact: true,
        })
        .waitFor()

      await page.getByRole('button', { name: 'Add Section' }).click()
      await page.getByRole('textbox', { name: 'Section name' }).fill('Discarded')
      await page.getByRole('textbox', { name: 'Section name' }).press('Escape')
      await page.getByRole('textbox', { name: 'Section name' }).waitFor({ state: 'detached' })

      for (const [name, type] of [
        ['Highlights', 'Standard — Regular content section'],
        ['Action Items', 'Tasks — Trackable action items'],
        ['Follow-ups', 'Follow-ups — Items requiring follow-up'],
      ]) {
        await page.getByRole('button', { name: 'Add Section' }).click()
        await chooseOption(page, page.getByRole('combobox', { name: 'Section type' }), type)
        await page.getByRole('textbox', { name: 'Section name' }).fill(name)
        await page.getByRole('textbox', { name: 'Section name' }).press('Enter')
        await toast(page, `Section "${name}" added successfully!`)
      }
      await page.getByText('Drag sections to reorder them', { exact: true }).waitFor()
      await expect.poll(sectionRows).toEqual(['Highlights', 'Action Items', 'Follow-ups'])
      const saved = (await api(page, 'GET', '/api/section-templates')).json as {
        name: string
        type: string
      }[]
      expect(saved.map((x) => [x.name, x.type])).toEqual([
        ['Highlights', 'standard'],
        ['Action Items', 'tasks'],
        ['Follow-ups', 'followups'],
      ])

      // Inline rename (Enter saves) and a type change each save once.
      await page.getByRole('button', { name: 'Section name: Highlights' }).click()
      await page.getByRole('textbox', { name: 'Section name' }).fill('Wins')
      await page.getByRole('textbox', { name: 'Section name' }).press('Enter')
      await toast(page, 'Section updated successfully')
      await page.getByRole('button', { name: 'Section name: Wins' }).waitFor()
      const winsType = page.getByRole('combobox', { name: 'Type of Wins' })
      await winsType.click()
      await page.getByRole('option', { name: 'Follow-ups', exact: true }).click()
      await toast(page, 'Section updated successfully')
      await expect
        .poll(async () => {
          const list = (await api(page, 'GET', '/api/section-templates')).json as {
            name: string
            type: string
          }[]
          return list.find((s) => s.name === 'Wins')?.type
        })
        .toEqual('followups')
      await chooseOption(page, winsType, 'Standard')
      await expect
        .poll(async () => {
          const list = (await api(page, 'GET', '/api/section-templates')).json as {
            name: string
            type: string
          }[]
          return list.find((s) => s.name === 'Wins')?.type
        })
        .toEqual('standard')

      // Keyboard: Space picks up, ArrowDown moves, Space drops.
      // (dnd-kit listens for the moves from the next frame on, as a user's keys would come.)
      const frames = () =>
        page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        )
      await page.getByRole('button', { name: 'Drag to reorder Wins' }).focus()
      await page.keyboard.press('Space')
      await page.locator('[data-slot="sortable-item"][data-dragging]').waitFor()
      await frames()
      await page.keyboard.press('ArrowDown')
      await frames()
      await page.keyboard.press('Space')
      await toast(page, 'Sections reordered successfully')
      await expect.poll(sectionRows).toEqual(['Action Items', 'Wins', 'Follow-ups'])
      await expect.poll(sectionOrder).toEqual(['Action Items', 'Wins', 'Follow-ups'])

      // Mouse: drag Follow-ups by its handle above Action Items.
      // Dismiss that toast, so the next one is the drag's own.
      await page
        .locator('.cad-toast', { hasText: 'Sections reordered successfully' })
        .getByRole('button', { name: 'Dismiss notification' })
        .click()
      await page.getByText('Sections reordered successfully', { exact: true }).waitFor({
        state: 'detached',
      })
      await drag(
        page,
        page.getByRole('button', { name: 'Drag to reorder Follow-ups' }),
        page.getByRole('button', { name: 'Drag to reorder Action Items' }),
        -8,
      )
      await toast(page, 'Sections reordered successfully')
      await expect.poll(sectionRows).toEqual(['Follow-ups', 'Action Items', 'Wins'])
      await expect.poll(sectionOrder).toEqual(['Follow-ups', 'Action Items', 'Wins'])
      await page.reload()
      await page.getByRole('button', { name: 'Report Sections' }).click()
      await expect.poll(sectionRows).toEqual(['Follow-ups', 'Action Items', 'Wins'])
    }))

  test('the projects overview as a portfolio and a project timeline grouped by week', () =>
    step(page, 'projects-timeline', async () => {
      for (const name of ['Apollo', 'Borealis', 'Cygnus', 'Draco']) {
        const res = await api(page, 'POST', '/api/projects', { name })
        projects[name] = { id: res.json.id, uuid: res.json.uuid }
      }
      const sectionsOf = async (week: string) => {
        const res = await api(page, 'POST', '/api/reports', { week_start_date: week })
        expect(res.status).toBe(200)
        const ids: Record<string, number> = {}
        for (const s of res.json.sections as { id: number; section_name: string }[]) {
          ids[s.section_name] = s.id
        }
        return { uuid: res.json.uuid as string, ids }
      }
      const item = async (section_id: number, content: string, project: string) =>
        (
          await api(page, 'POST', '/api/section-items', {
            section_id,
            content,
            project_id: projects[project].id,
            assigned_to_team_member_id: null,
          })
        ).json.id as number
      const last = await sectionsOf(monday(-1))
      const done = await item(last.ids['Action Items'], 'Draft the pricing', 'Apollo')
      await api(page, 'PUT', `/api/section-items/${done}`, { is_completed: true })
      const now = await sectionsOf(monday(0))
      thisWeekReport = now.uuid
      await item(now.ids['Action Items'], 'Ship the pricing', 'Apollo')
      await item(now.ids.Wins, 'Signed Acme', 'Apollo')
      await item(now.ids['Follow-ups'], 'Chase the auditors', 'Borealis')

      const health = await api(
        page,
        'PUT',
        `/api/reports/${now.uuid}/project-health/${projects.Apollo.uuid}`,
        { health: 'at_risk', note: 'Pricing slipped a week' },
      )
      expect(health.status).toBe(200)

      // The portfolio: worst first (at risk, then never updated, then the rest), each with its
      // health, why, last update and items; the product's four activity cards come after it.
      await page.goto(`${base}/projects`)
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()
      const portfolio = page.getByRole('list', { name: 'Active projects, worst first' })
      await expect(portfolio.locator('.cad-portfolio__name')).toHaveText([
        'Apollo',
        'Cygnus',
        'Draco',
        'Borealis',
      ])
      const apollo = portfolio.getByRole('listitem').first()
      await apollo.getByText('At risk', { exact: true }).waitFor()
      await apollo.getByText('Pricing slipped a week').waitFor()
      await apollo.getByText(`Week of ${shortDate(monday(0))}`).waitFor()
      await apollo.getByText('2 open · 0 done').waitFor()
      const activity = page.getByRole('region', { name: 'Activity' })
      await activity.getByText('Updates (30 days)').waitFor()
      await activity.getByText('Avg per Project').waitFor()
      await page.getByRole('link', { name: 'Apollo' }).click()
      await page.waitForURL(`${base}/projects/${projects.Apollo.uuid}`)
      await page.getByRole('heading', { name: 'Apollo', level: 1 }).waitFor()
      await page.getByRole('heading', { name: 'Project Updates Timeline' }).waitFor()
      await page
        .getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4} · Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
        .waitFor()
      const weeks = page.getByRole('heading', { level: 3 })
      await expect(weeks).toHaveText([
        `Week of ${shortDate(monday(0))}`,
        `Week of ${shortDate(monday(-1))}`,
      ])
      const entry = (text: string) => page.locator('li', { hasText: text })
      await entry('Ship the pricing').getByText('In Progress', { exact: true }).waitFor()
      await entry('Draft the pricing').getByText('Completed', { exact: true }).waitFor()
      await expect(entry('Signed Acme')).toHaveText('Signed Acme')

      await page.goto(`${base}/projects/${projects.Cygnus.uuid}`)
      await page.getByText('No Updates Yet', { exact: true }).waitFor()
      await page.goto(`${base}/projects/00000000-0000-4000-8000-000000000000`)
      await page.getByText('Project not found', { exact: true }).waitFor()

      await page.goto(`${base}/projects/${projects.Apollo.uuid}`)
      await page.getByRole('link', { name: 'View Report' }).first().click()
      await page.waitForURL(`${base}/reports/${thisWeekReport}`)
      await page.getByRole('heading', { name: 'Weekly Report' }).waitFor()
    }))

  test('projects: filter, select all, archive and activate in bulk, combine in three steps', () =>
    step(page, 'settings-projects-bulk', async () => {
      await page.goto(`${base}/settings`)
      await page.getByRole('button', { name: 'Projects', exact: true }).click()
      // The row's counts: references, tasks, follow-ups, reports.
      await expect
        .poll(async () =>
          (await projectRow('Apollo').locator('small span').allTextContents()).slice(0, 4),
        )
        .toEqual(['3 refs', '2 tasks', '0 follow-ups', '2 reports'])

      await page.getByRole('searchbox', { name: 'Search projects' }).fill('zzz')
      await page.getByText('No projects match your current filters.', { exact: true }).waitFor()
      await page.getByRole('searchbox', { name: 'Search projects' }).fill('')

      await page.getByRole('button', { name: 'Select All Active Projects' }).click()
      await page.getByText('4 selected', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Unselect All Active Projects' }).click()
      await page.getByText('4 selected', { exact: true }).waitFor({ state: 'detached' })

      await page.getByRole('checkbox', { name: 'Select Cygnus' }).click()
      await page.getByRole('checkbox', { name: 'Select Draco' }).click()
      await page.getByRole('button', { name: 'Archive', exact: true }).click()
      await toast(page, 'Archived 2 project(s)')
      const archived = page.locator('section', {
        has: page.getByRole('heading', { name: 'Archived Projects' }),
      })
      await archived.getByRole('button', { name: 'Project name: Cygnus' }).waitFor()
      await archived.getByRole('button', { name: 'Reactivate' }).nth(1).waitFor()
      await page.getByRole('button', { name: 'Select All Archived Projects' }).click()
      await page.getByText('2 selected', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Activate', exact: true }).click()
      await toast(page, 'Activated 2 project(s)')
      await archived.getByRole('button', { name: 'Reactivate' }).first().waitFor({
        state: 'detached',
      })

      await page.getByRole('checkbox', { name: 'Select Cygnus' }).click()
      await page.getByRole('checkbox', { name: 'Select Draco' }).click()
      await page.getByRole('button', { name: 'Combine' }).click()
      const dialog = page.getByRole('dialog', { name: 'Combine Projects' })
      await dialog.getByText('Step 1 of 3: review the impact', { exact: true }).waitFor()
      await dialog.getByRole('list', { name: 'Projects to combine' }).getByText('Cygnus').waitFor()
      await dialog.getByText('0 references in total will be moved.', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByText('Step 2 of 3: name the project', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Back' }).click()
      await dialog.getByText('Step 1 of 3: review the impact', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByRole('textbox', { name: 'New project name' }).fill('Constellation')
      await dialog.getByRole('textbox', { name: 'New project name' }).press('Enter')
      await dialog
        .getByText('Combine 2 projects into “Constellation”? This cannot be undone.', {
          exact: true,
        })
        .waitFor()
      await dialog.getByRole('button', { name: 'Combine Projects' }).click()
      await toast(page, 'Combined 2 projects into "Constellation"')
      await dialog.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Project name: Constellation' }).waitFor()
      const names = ((await api(page, 'GET', '/api/projects')).json as { name: string }[])
        .map((p) => p.name)
        .sort()
      expect(names).toEqual(['Apollo', 'Borealis', 'Constellation'])
    }))

  test('delete a project: with references a destination must be chosen first', () =>
    step(page, 'settings-projects-delete', async () => {
      await projectRow('Apollo').getByRole('button', { name: 'Delete' }).click()
      let dialog = page.getByRole('dialog', { name: 'Delete project' })
      await dialog
        .getByText('It is referenced by 3 items. Choose where they move first.', { exact: false })
        .waitFor()
      const remove = dialog.getByRole('button', { name: 'Delete Project' })
      await expect(remove).toBeDisabled()
      // With the mouse, as most users do: the Select's popup must open above the dialog's overlay.
      await dialog.getByRole('combobox', { name: 'Move items to' }).click()
      await page.getByRole('option', { name: 'Borealis', exact: true }).click()
      await expect(remove).toBeEnabled()
      await remove.click()
      await dialog.waitFor({ state: 'detached' })
      await page
        .getByRole('button', { name: 'Project name: Apollo' })
        .waitFor({ state: 'detached' })
      const report = (await api(page, 'GET', `/api/reports/${thisWeekReport}`)).json
      const tags = report.sections
        .flatMap((s: { items: { content: string; project_id: number | null }[] }) => s.items)
        .map((i: { content: string; project_id: number | null }) => [i.content, i.project_id])
      expect(tags).toContainEqual(['Ship the pricing', projects.Borealis.id])
      expect(tags).toContainEqual(['Signed Acme', projects.Borealis.id])

      // No references: a plain delete.
      await projectRow('Constellation').getByRole('button', { name: 'Delete' }).click()
      dialog = page.getByRole('dialog', { name: 'Delete project' })
      await dialog
        .getByText('It has no references. This cannot be undone.', { exact: false })
        .waitFor()
      await dialog.getByRole('button', { name: 'Delete Project' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page
        .getByRole('button', { name: 'Project name: Constellation' })
        .waitFor({ state: 'detached' })
      const left = ((await api(page, 'GET', '/api/projects')).json as { name: string }[]).map(
        (p) => p.name,
      )
      expect(left).toEqual(['Borealis'])
    }))
})
