import { HomePage } from './HomePage';

export const homeRoute = { Component: HomePage };
