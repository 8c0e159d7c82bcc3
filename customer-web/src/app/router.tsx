import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { OrderRoute } from '../features/orders/routes/order';
import { AppLayout, BareLayout } from './layout/app-layout';
import { Allow, MEMBER_STATES, VISITOR_STATES } from './layout/guards';

/**
 * Every page but /order is split off and loaded on first visit, so the landing page stays small. The router is
 * the declarative one (no data APIs are used): the data router's code alone weighed 16 KB gzipped on /order.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  // Nothing while the page loads (the session is usually still loading on a first visit too).
  return function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
};

const toOrder = <Navigate to={paths.order} replace />;

export const routes: RouteObject[] = [
  {
    element: <BareLayout />,
    children: [
      {
        element: <Allow states={VISITOR_STATES} />,
        children: [
          { path: paths.naverCallback, Component: page(() => import('../features/auth/routes/naver-callback')) },
        ],
      },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: toOrder },
      { path: paths.order, Component: OrderRoute },
      { path: paths.termsService, Component: page(() => import('../features/terms/routes/terms-of-service')) },
      { path: paths.termsPrivacy, Component: page(() => import('../features/terms/routes/privacy-policy')) },
      { path: paths.services, Component: page(() => import('../features/orders/routes/service-list')) },
      {
        path: paths.serviceChanges,
        Component: page(() => import('../features/service-changes/routes/service-changes')),
      },
      {
        element: <Allow states={VISITOR_STATES} />,
        children: [
          { path: paths.login, Component: page(() => import('../features/auth/routes/login')) },
          { path: paths.register, Component: page(() => import('../features/auth/routes/register')) },
          { path: paths.registerNaver, Component: page(() => import('../features/auth/routes/register-naver')) },
          { path: paths.registerKakao, Component: page(() => import('../features/auth/routes/register-kakao')) },
          { path: paths.findId, Component: page(() => import('../features/auth/routes/find-id')) },
          { path: paths.findPassword, Component: page(() => import('../features/auth/routes/find-password')) },
          { path: paths.resetPassword, Component: page(() => import('../features/auth/routes/reset-password')) },
        ],
      },
      {
        element: <Allow states={MEMBER_STATES} loginPrompt />,
        children: [
          { path: paths.point, Component: page(() => import('../features/point/routes/point')) },
          { path: paths.tossSuccess, Component: page(() => import('../features/point/routes/toss-success')) },
          { path: paths.tossFail, Component: page(() => import('../features/point/routes/toss-fail')) },
          { path: paths.account, Component: page(() => import('../features/account/routes/account')) },
          { path: paths.qna, Component: page(() => import('../features/qna/routes/qna')) },
          { path: paths.orderHistory, Component: page(() => import('../features/orders/routes/order-history')) },
          {
            path: paths.autoOrderHistory,
            Component: page(() => import('../features/orders/routes/auto-order-history')),
          },
          {
            path: paths.subscriptionHistory,
            Component: page(() => import('../features/orders/routes/subscription-history')),
          },
          { path: paths.logout, Component: page(() => import('../features/auth/routes/logout')) },
          { path: paths.apiDocs, Component: page(() => import('../features/api-docs/routes/api-docs')) },
          { path: paths.guide, Component: page(() => import('../features/guide/routes/guide')) },
          { path: paths.massOrder, Component: page(() => import('../features/orders/routes/mass-order')) },
          { path: paths.support, Component: page(() => import('../features/support/routes/support')) },
          { path: paths.supportTicket, Component: page(() => import('../features/support/routes/ticket')) },
        ],
      },
      { path: '*', element: toOrder },
    ],
  },
];

const Routes = () => useRoutes(routes);

export const AppRouter = () => (
  <BrowserRouter>
    <Routes />
  </BrowserRouter>
);
