/**
 * Lets code outside React (the API client) navigate. The app registers the router's navigate
 * once it exists; before that, a full page load is the fallback.
 */
type Navigate = (to: string) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export const setNavigator = (navigate: Navigate) => {
  navigator = navigate;
};

export const navigateTo = (to: string) => navigator(to);

export const currentUrl = () => `${window.location.pathname}${window.location.search}`;
