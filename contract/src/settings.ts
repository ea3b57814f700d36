// Response schemas of this area of the API (see index.ts).
export {}
