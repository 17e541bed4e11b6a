import {
  ClipboardList,
  FileChartColumn,
  FlaskConical,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessageCircleHeart,
  UserRound,
} from 'lucide-react';

/** The icon of each navigation entry, by its path. */
export const NAV_ICONS: Record<string, LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/kits': FlaskConical,
  '/surveys': ClipboardList,
  '/reports': FileChartColumn,
  '/coach': MessageCircleHeart,
  '/profile': UserRound,
  '/support': LifeBuoy,
};
