// Scenarios module
