package main

// resetEndpoints are the admin routes of resetting a key through the store.
var resetEndpoints []adminEndpoint
