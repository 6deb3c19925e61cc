package main

// overrideEndpoints are the admin routes of the runtime overrides shared through the store and the effective policy.
var overrideEndpoints []adminEndpoint
