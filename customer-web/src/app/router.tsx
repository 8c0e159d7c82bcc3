import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { OrderRoute } from '../features/orders/routes/order';
import { AppLayout, BareLayout } from './layout/app-layout';
import { Allow, MEMBER_STATES, VISITOR_STATES } from './layout/guards';

/** Every page but /order is split off and loaded on first visit, so the landing page stays small. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const toOrder = <Navigate to={paths.order} replace />;
/** Nothing while the first lazy page loads (the session is usually still loading then too). */
const Blank = () => null;

export const routes: RouteObject[] = [
  {
    element: <BareLayout />,
    HydrateFallback: Blank,
    children: [
      {
        element: <Allow states={VISITOR_STATES} />,
        children: [{ path: paths.naverCallback, lazy: page(() => import('../features/auth/routes/naver-callback')) }],
      },
    ],
  },
  {
    element: <AppLayout />,
    HydrateFallback: Blank,
    children: [
      { path: paths.home, element: toOrder },
      { path: paths.order, Component: OrderRoute },
      { path: paths.termsService, lazy: page(() => import('../features/terms/routes/terms-of-service')) },
      { path: paths.termsPrivacy, lazy: page(() => import('../features/terms/routes/privacy-policy')) },
      {
        element: <Allow states={VISITOR_STATES} />,
        children: [
          { path: paths.login, lazy: page(() => import('../features/auth/routes/login')) },
          { path: paths.register, lazy: page(() => import('../features/auth/routes/register')) },
          { path: paths.registerNaver, lazy: page(() => import('../features/auth/routes/register-naver')) },
          { path: paths.registerKakao, lazy: page(() => import('../features/auth/routes/register-kakao')) },
          { path: paths.findId, lazy: page(() => import('../features/auth/routes/find-id')) },
          { path: paths.findPassword, lazy: page(() => import('../features/auth/routes/find-password')) },
          { path: paths.resetPassword, lazy: page(() => import('../features/auth/routes/reset-password')) },
        ],
      },
      {
        element: <Allow states={MEMBER_STATES} loginPrompt />,
        children: [
          { path: paths.point, lazy: page(() => import('../features/point/routes/point')) },
          { path: paths.tossSuccess, lazy: page(() => import('../features/point/routes/toss-success')) },
          { path: paths.tossFail, lazy: page(() => import('../features/point/routes/toss-fail')) },
          { path: paths.account, lazy: page(() => import('../features/account/routes/account')) },
          { path: paths.qna, lazy: page(() => import('../features/qna/routes/qna')) },
          { path: paths.orderHistory, lazy: page(() => import('../features/orders/routes/order-history')) },
          { path: paths.autoOrderHistory, lazy: page(() => import('../features/orders/routes/auto-order-history')) },
          {
            path: paths.subscriptionHistory,
            lazy: page(() => import('../features/orders/routes/subscription-history')),
          },
          { path: paths.logout, lazy: page(() => import('../features/auth/routes/logout')) },
          { path: paths.apiDocs, lazy: page(() => import('../features/api-docs/routes/api-docs')) },
          { path: paths.guide, lazy: page(() => import('../features/guide/routes/guide')) },
          { path: paths.massOrder, lazy: page(() => import('../features/orders/routes/mass-order')) },
          { path: paths.support, lazy: page(() => import('../features/support/routes/support')) },
          { path: paths.supportTicket, lazy: page(() => import('../features/support/routes/ticket')) },
        ],
      },
      { path: '*', element: toOrder },
    ],
  },
];

const router = createBrowserRouter(routes);

export const AppRouter = () => <RouterProvider router={router} />;
