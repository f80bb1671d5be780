/** A browser the product recommends (the login's notice otherwise): Chrome (not Edge, Opera or Samsung's) or Safari. */
export function isRecommendedBrowser(userAgent: string = navigator.userAgent): boolean {
  if (/Edg\/|OPR\/|SamsungBrowser|Firefox\/|FxiOS/.test(userAgent)) return false;
  return /Chrome\/|CriOS\/|HeadlessChrome\//.test(userAgent) || (/Safari\//.test(userAgent) && /Version\//.test(userAgent));
}
