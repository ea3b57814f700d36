import { isUnder, paths } from '@cadence/core/paths'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import {
  CloudOff as LucideCloudOff,
  FileText as LucideFileText,
  FolderKanban as LucideFolderKanban,
  Gavel as LucideGavel,
  LayoutDashboard as LucideLayoutDashboard,
  LogOut as LucideLogOut,
  PanelLeft as LucidePanelLeft,
  Search as LucideSearch,
  Settings as LucideSettings,
  Shield as LucideShield,
  User as LucideUser,
  Users as LucideUsers,
} from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../primitives/dropdown-menu'
import { icon } from '../primitives/icon'
import { Link } from '../primitives/link'
import type { User } from '../types'

const CloudOff = /* @__PURE__ */ icon(LucideCloudOff)
const FileText = /* @__PURE__ */ icon(LucideFileText)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Gavel = /* @__PURE__ */ icon(LucideGavel)
const LayoutDashboard = /* @__PURE__ */ icon(LucideLayoutDashboard)
const LogOut = /* @__PURE__ */ icon(LucideLogOut)
const PanelLeft = /* @__PURE__ */ icon(LucidePanelLeft)
const Search = /* @__PURE__ */ icon(LucideSearch)
const Settings = /* @__PURE__ */ icon(LucideSettings)
const Shield = /* @__PURE__ */ icon(LucideShield)
const UserIcon = /* @__PURE__ */ icon(LucideUser)
const Users = /* @__PURE__ */ icon(LucideUsers)

/**
 * The page's place in the top bar: a nav item; `settings` and `admin` the account menu (its
 * trigger is marked current); `none` a page of no section (not found): nothing is highlighted.
 */
export type NavKey =
  | 'dashboard'
  | 'reports'
  | 'projects'
  | 'team'
  | 'decisions'
  | 'settings'
  | 'admin'
  | 'none'

/**
 * The active nav item: the path decides first (an overview page and its detail pages are its
 * section), then, on the dashboard, the sidebar tab; a path of no section gives `none`.
 */
export function navKeyFromPath(pathname: string, sidebar?: string | null): NavKey {
  if (isUnder(pathname, 'settings')) return 'settings'
  if (isUnder(pathname, 'admin')) return 'admin'
  if (isUnder(pathname, 'reports')) return 'reports'
  if (isUnder(pathname, 'projects')) return 'projects'
  if (isUnder(pathname, 'decisions')) return 'decisions'
  if (
    isUnder(pathname, 'team') ||
    isUnder(pathname, 'teamMember') ||
    pathname === paths.teamUpdates()
  )
    return 'team'
  if (pathname !== paths.landing() && !isUnder(pathname, 'dashboard')) return 'none'
  if (sidebar === 'reports' || sidebar === 'projects' || sidebar === 'team') return sidebar
  return 'dashboard'
}

/** The provider's name, then the user's own, then the e-mail, then 'User'. */
export function displayName(
  user: Pick<User, 'provider_name' | 'name' | 'email'> | null | undefined,
) {
  return user?.provider_name || user?.name || user?.email || 'User'
}

const NAV: Array<{ key: NavKey; label: string; href: string; Icon: typeof Search }> = [
  { key: 'dashboard', label: 'Dashboard', href: paths.dashboard(), Icon: LayoutDashboard },
  { key: 'reports', label: 'Reports', href: paths.reports(), Icon: FileText },
  { key: 'projects', label: 'Projects', href: paths.projects(), Icon: FolderKanban },
  { key: 'team', label: 'Team', href: paths.team(), Icon: Users },
  { key: 'decisions', label: 'Decisions', href: paths.decisions(), Icon: Gavel },
]

type UserMenuProps = {
  user: User | null
  isAdmin: boolean
  onNavigate: (href: string) => void
  onSignOut: () => void
  /** Settings or Admin is the page shown: the menu is where it lives. */
  current?: boolean
}

function UserMenu({ user, isAdmin, onNavigate, onSignOut, current }: UserMenuProps) {
  const name = displayName(user)
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn('cad-user-trigger', current && 'is-active')}
        aria-label={`Account menu for ${name}`}
        aria-current={current ? 'page' : undefined}
      >
        {user?.picture ? (
          <img src={user.picture} alt="" className="cad-avatar" referrerPolicy="no-referrer" />
        ) : (
          <span className="cad-avatar" aria-hidden>
            <UserIcon size={16} />
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <div className="cad-user-name">{name}</div>
          {user?.email && <div className="cad-muted">{user.email}</div>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onNavigate(paths.settings())}>
          <Settings size={14} aria-hidden /> Settings
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={() => onNavigate(paths.admin())}>
            <Shield size={14} aria-hidden /> Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut size={14} aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

type AppShellProps = {
  active: NavKey
  user: User | null
  isAdmin: boolean
  onSearch: () => void
  onSignOut: () => void
  onNavigate: (href: string) => void
  sidebar?: React.ReactNode
  sidebarOpen?: boolean
  onSidebarOpenChange?: (open: boolean) => void
  offline?: boolean
  pendingChanges?: number
  banner?: React.ReactNode
  /** A count on a nav item and what it counts, e.g. reports: new questions from readers. */
  badges?: Partial<Record<NavKey, { count: number; label: string }>>
  children: React.ReactNode
}

/** A count on a nav item; screen readers hear 'Reports 2 new questions from readers'. */
function NavBadge({ badge }: { badge?: { count: number; label: string } }) {
  if (!badge || badge.count <= 0) return null
  return (
    <span className="cad-nav-badge" data-slot="nav-badge" title={`${badge.count} ${badge.label}`}>
      <span aria-hidden>{badge.count > 99 ? '99+' : badge.count}</span>
      <span className="cad-sr-only">
        {badge.count} {badge.label}
      </span>
    </span>
  )
}

/** One main-nav link (top bar, or the bottom bar on a phone) with its badge. */
function NavItem({
  item,
  active,
  badge,
  mobile = false,
}: {
  item: (typeof NAV)[number]
  active: NavKey
  badge?: { count: number; label: string }
  mobile?: boolean
}) {
  return (
    <Link
      href={item.href}
      className={cn(
        mobile ? 'cad-bottom-nav-item' : 'cad-nav-item',
        active === item.key && 'is-active',
      )}
      aria-current={active === item.key ? 'page' : undefined}
    >
      <item.Icon size={mobile ? 20 : 16} aria-hidden />
      <span>{item.label}</span>
      <NavBadge badge={badge} />
    </Link>
  )
}

function SearchButton({ onSearch, mobile = false }: { onSearch: () => void; mobile?: boolean }) {
  return (
    <button
      type="button"
      className={mobile ? 'cad-bottom-nav-item' : 'cad-nav-item'}
      onClick={onSearch}
      aria-keyshortcuts="Control+K Meta+K Control+/ Meta+/"
    >
      <Search size={mobile ? 20 : 16} aria-hidden />
      <span>Search</span>
      {!mobile && <kbd className="cad-kbd">Ctrl /</kbd>}
    </button>
  )
}

/** Offline, and how many changes wait to sync; nothing when online with none waiting. */
function SyncState({ offline, pendingChanges }: { offline?: boolean; pendingChanges: number }) {
  if (!offline && pendingChanges <= 0) return null
  return (
    <span className="cad-sync-status" role="status">
      {offline && <CloudOff size={14} aria-hidden />}
      {offline ? 'Offline' : ''}
      {pendingChanges > 0 &&
        `${offline ? ' · ' : ''}${pendingChanges} change${pendingChanges === 1 ? '' : 's'} waiting to sync`}
    </span>
  )
}

/** The sidebar: in the layout from 768 px, and the same content as a slide-over below it. */
function ShellSidebar({
  sidebar,
  open,
  onOpenChange,
}: {
  sidebar: React.ReactNode
  open: boolean
  onOpenChange?: (open: boolean) => void
}) {
  return (
    <>
      <aside className="cad-sidebar" aria-label="Sidebar" data-print="hide">
        {sidebar}
      </aside>
      <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="cad-dialog-overlay cad-slideover-overlay" />
          <DialogPrimitive.Content className="cad-slideover" aria-describedby={undefined}>
            <DialogPrimitive.Title className="cad-sr-only">Sidebar</DialogPrimitive.Title>
            {sidebar}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  )
}

function AppShell({
  active,
  user,
  isAdmin,
  onSearch,
  onSignOut,
  onNavigate,
  sidebar,
  sidebarOpen = false,
  onSidebarOpenChange,
  offline,
  pendingChanges = 0,
  banner,
  badges,
  children,
}: AppShellProps) {
  return (
    <div data-slot="app-shell" className={cn('cad-shell', sidebar ? 'has-sidebar' : undefined)}>
      <a href="#main" className="cad-skip-link">
        Skip to content
      </a>
      <header className="cad-topbar" data-print="hide">
        {sidebar && onSidebarOpenChange && (
          <button
            type="button"
            className="cad-sidebar-toggle"
            aria-label="Open sidebar"
            onClick={() => onSidebarOpenChange(true)}
          >
            <PanelLeft size={18} aria-hidden />
          </button>
        )}
        <Link href={paths.dashboard()} className="cad-logo">
          <span className="cad-logo-mark" aria-hidden>
            C
          </span>
          <span>Cadence</span>
        </Link>
        <nav className="cad-nav" aria-label="Main">
          {NAV.map((item) => (
            <NavItem key={item.key} item={item} active={active} badge={badges?.[item.key]} />
          ))}
          <SearchButton onSearch={onSearch} />
        </nav>
        <div className="cad-topbar-end">
          <SyncState offline={offline} pendingChanges={pendingChanges} />
          <UserMenu
            user={user}
            isAdmin={isAdmin}
            onNavigate={onNavigate}
            onSignOut={onSignOut}
            current={active === 'settings' || active === 'admin'}
          />
        </div>
      </header>
      {banner}
      <div className="cad-shell-body">
        {sidebar && (
          <ShellSidebar sidebar={sidebar} open={sidebarOpen} onOpenChange={onSidebarOpenChange} />
        )}
        <main id="main" className="cad-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <nav className="cad-bottom-nav" aria-label="Main (mobile)" data-print="hide">
        {NAV.map((item) => (
          <NavItem key={item.key} item={item} active={active} badge={badges?.[item.key]} mobile />
        ))}
        <SearchButton onSearch={onSearch} mobile />
      </nav>
    </div>
  )
}

export type { AppShellProps, UserMenuProps }
export { AppShell, UserMenu }
