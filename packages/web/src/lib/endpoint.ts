import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@oqu/contracts';
import { api } from './api';
import { listQuery } from './listParams';

/** What a call's address carries: the endpoint's path parameters when it has them, its query string when it takes one. */
export type UrlInput<E extends Endpoint> = (EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> });

/** What a call sends: its address's parts and its JSON body (an upload goes by `upload()` in upload.ts). */
export type CallInput<E extends Endpoint> = UrlInput<E> &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> });

/** The input is optional when nothing in it is required. */
export type Args<I> = object extends I ? [input?: I] : [input: I];

/**
 * The address of a call: the endpoint's path with its parameters filled in (encoded; `::` is the
 * literal colon of paths such as `/api/retake/update/id:{id}`), then the query string with blank
 * and missing values left out.
 */
export function endpointUrl<E extends Endpoint>(definition: E, ...[input]: Args<UrlInput<E>>): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = definition.path.replace(/::|:([A-Za-z_]\w*)/g, (_literal, name?: string) => {
    if (name === undefined) return ':';
    if (params[name] === undefined) throw new Error(`${definition.path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const query = input?.query ? listQuery(input.query as Record<string, string | number | undefined>) : '';
  return query ? `${path}?${query}` : path;
}

/** Calls an endpoint of the contracts through `api()`: the answer is typed by the endpoint's 200 schema. */
export function call<E extends Endpoint>(definition: E, ...[input]: Args<CallInput<E>>): Promise<EndpointResponse<E>> {
  const url = endpointUrl(definition, ...([input] as Args<UrlInput<E>>));
  return api<EndpointResponse<E>>(definition.method, url, input?.body);
}
