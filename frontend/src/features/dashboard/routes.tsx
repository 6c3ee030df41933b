import { DashboardPage } from './DashboardPage';

export const dashboardRoute = { Component: DashboardPage };
