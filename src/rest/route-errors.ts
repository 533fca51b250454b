// The two answers for a /v1 request that names no documented operation: a path the document does not have
// (404), and a documented path with a method it does not document (405).

export class NoSuchEndpoint extends Error {
  readonly status = 404;
  constructor() {
    super('No such endpoint');
  }
}

export class MethodNotAllowed extends Error {
  readonly status = 405;
  constructor(readonly allow: string[]) {
    super('Method not allowed on this endpoint');
  }
}
