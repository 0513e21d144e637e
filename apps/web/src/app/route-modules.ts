import type { RouteName } from '@promovente/shared';
import type { ComponentType } from 'react';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/**
 * One lazily loaded module per screen of the shared route table, so the bundle splits by route.
 * The Record type makes a new route in the table fail to compile until it has a screen.
 */
export const ROUTE_MODULES: Record<RouteName, LazyScreen> = {
  'candidate-home': () => import('../features/home/components/HomePage').then((m) => ({ Component: m.HomePage })),
  dashboard: () => import('../features/dashboard/components/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  candidats: () => import('../features/candidates/components/CandidatesPage').then((m) => ({ Component: m.CandidatesPage })),
  lots: () => import('../features/lots/components/LotsPage').then((m) => ({ Component: m.LotsPage })),
  'candidate-lots': () => import('../features/lots/components/LotsPage').then((m) => ({ Component: m.LotsPage })),
  attractivite: () => import('../features/attractiveness/components/AttractivenessPage').then((m) => ({ Component: m.AttractivenessPage })),
  'tunnel-de-vente': () => import('../features/applications/components/SalesFunnelPage').then((m) => ({ Component: m.SalesFunnelPage })),
  tasks: () => import('../features/tasks/components/TasksPage').then((m) => ({ Component: m.TasksPage })),
  logs: () => import('../features/logs/components/LogsPage').then((m) => ({ Component: m.LogsPage })),
  marketing: () => import('../features/marketing/components/MarketingPage').then((m) => ({ Component: m.MarketingPage })),
  message: () => import('../features/threads/components/MessagesPage').then((m) => ({ Component: m.MessagesPage })),
  'message-one': () => import('../features/threads/components/MessagesPage').then((m) => ({ Component: m.MessagesPage })),
  settings: () => import('../features/users/components/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  progression: () => import('../features/progress/components/ProgressionPage').then((m) => ({ Component: m.ProgressionPage })),
  documents: () => import('../features/library/components/DocumentsPage').then((m) => ({ Component: m.DocumentsPage })),
  promotions: () => import('../features/promotions/components/PromotionsPage').then((m) => ({ Component: m.PromotionsPage })),
  planning: () => import('../features/planning/components/PlanningPage').then((m) => ({ Component: m.PlanningPage })),
  finances: () => import('../features/finances/components/FinancesPage').then((m) => ({ Component: m.FinancesPage })),
  faq: () => import('../features/faq/components/FaqPage').then((m) => ({ Component: m.FaqPage })),
  candidate: () =>
    import('../features/candidate-record/components/CandidateRecordPage').then((m) => ({ Component: m.CandidateRecordPage })),
  'candidate-form': () =>
    import('../features/applications/components/ReservationFormPage').then((m) => ({ Component: m.ReservationFormPage })),
  promotion: () => import('../features/promotions/components/PromotionSettingsPage').then((m) => ({ Component: m.PromotionSettingsPage })),
  'promotion.add': () => import('../features/promotions/components/AddPromotionPage').then((m) => ({ Component: m.AddPromotionPage })),
  mails: () => import('../features/mails/components/MailsPage').then((m) => ({ Component: m.MailsPage })),
};
