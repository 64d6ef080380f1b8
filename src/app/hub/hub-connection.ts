/**
 * The SignalR client proper, loaded only when a page first connects to the hub (issue 15: the
 * sign-in page does not carry it).
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { absoluteUrl, type BuildConnection, retryEvery } from './HubStore';

export const buildHubConnection: BuildConnection = (url, accessToken) =>
  new HubConnectionBuilder()
    // Browsers cannot set headers on a WebSocket: the client sends the token as access_token.
    .withUrl(absoluteUrl(url), { accessTokenFactory: accessToken, transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect(retryEvery)
    .configureLogging(LogLevel.Warning)
    .build();
