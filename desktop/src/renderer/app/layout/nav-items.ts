import { can, type Permission, type Role } from '@crm/common';
import {
  Building,
  ClipboardList,
  FileSpreadsheet,
  Gauge,
  LayoutDashboard,
  ListChecks,
  MessageCircle,
  Megaphone,
  MessagesSquare,
  PlugZap,
  Package,
  Repeat,
  Send,
  Settings,
  Tags,
  ShoppingCart,
  TrendingUp,
  Truck,
  UserCheck,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  /** The label's catalogue key, written out in full so the key checks find it (docs/i18n.md). */
  labelKey: string;
  to: string;
  icon: LucideIcon;
  /** Only the exact path marks it active (the dashboard at `/` would match everything otherwise). */
  end?: boolean;
  /** The permission-table entry a user needs to see it (the route guard checks the same entry). */
  permission?: Permission;
}

export interface NavSection {
  /** Untitled for the main list; titled for 'My Space' and 'Team Management' (catalogue keys). */
  titleKey?: string;
  items: NavItem[];
}

/** The app layout's main entries; admin-only ones name their permission. */
const main: NavItem[] = [
  { labelKey: 'layout:nav.dashboard', to: '/', icon: LayoutDashboard, end: true },
  { labelKey: 'layout:nav.whatsapp', to: '/whatsapp', icon: MessageCircle },
  { labelKey: 'layout:nav.leads', to: '/leads', icon: UserPlus },
  { labelKey: 'layout:nav.customers', to: '/customers', icon: UserCheck },
  { labelKey: 'layout:nav.sales', to: '/sales', icon: ShoppingCart },
  { labelKey: 'layout:nav.cannedResponses', to: '/canned-responses', icon: MessagesSquare },
  { labelKey: 'layout:nav.followUpTemplates', to: '/follow-up-templates', icon: Repeat },
  { labelKey: 'layout:nav.expenses', to: '/expenses', icon: Wallet, permission: 'expenses.manage' },
  { labelKey: 'layout:nav.products', to: '/products', icon: Package, permission: 'products.manage' },
  { labelKey: 'layout:nav.shipping', to: '/shipping', icon: Truck, permission: 'shipping.manage' },
  { labelKey: 'layout:nav.reports', to: '/reports', icon: FileSpreadsheet, permission: 'reports.view' },
  { labelKey: 'layout:nav.campaigns', to: '/campaigns', icon: Megaphone, permission: 'campaigns.manage' },
];

const sections: NavSection[] = [
  { items: main },
  { titleKey: 'layout:nav.mySpace', items: [{ labelKey: 'layout:nav.myTasks', to: '/my-tasks', icon: ListChecks, permission: 'tasks.mine' }] },
  {
    titleKey: 'layout:nav.teamManagement',
    items: [
      { labelKey: 'layout:nav.users', to: '/team/users', icon: Users, permission: 'team.manage' },
      { labelKey: 'layout:nav.performance', to: '/team/performance', icon: TrendingUp, permission: 'team.manage' },
      { labelKey: 'layout:nav.tasks', to: '/team/tasks', icon: ClipboardList, permission: 'team.manage' },
      { labelKey: 'layout:nav.settings', to: '/team/settings', icon: Settings, permission: 'team.manage' },
      { labelKey: 'layout:nav.labels', to: '/settings/labels', icon: Tags, permission: 'labels.manage' },
      // how the company connects WhatsApp (QR or Meta's official API): its admins' settings
      { labelKey: 'layout:nav.whatsappConnection', to: '/settings/whatsapp', icon: PlugZap, permission: 'whatsapp.session.manage' },
      { labelKey: 'layout:nav.sending', to: '/settings/sending', icon: Send, permission: 'campaigns.manage' },
    ],
  },
];

/** The sidebar of a role: the entries its permissions allow, and the sections left with any. */
export function navSectionsFor(role: Role): NavSection[] {
  return sections.map((section) => ({ ...section, items: section.items.filter((item) => !item.permission || can(role, item.permission)) })).filter((section) => section.items.length > 0);
}

/** The super administrator's sidebar; its logout button is rendered by the layout. */
export const superNavItems: NavItem[] = [
  { labelKey: 'layout:nav.dashboard', to: '/super/dashboard', icon: Gauge },
  { labelKey: 'layout:nav.companies', to: '/super/tenants', icon: Building },
  { labelKey: 'layout:nav.users', to: '/super/users', icon: Users },
];
