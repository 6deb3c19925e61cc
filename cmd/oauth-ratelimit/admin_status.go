package main

// statusEndpoints are the admin routes of the status page.
var statusEndpoints []adminEndpoint
