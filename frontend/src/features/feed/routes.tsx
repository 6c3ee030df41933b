import { FeedPage } from './FeedPage';

export const feedRoute = { Component: FeedPage };
