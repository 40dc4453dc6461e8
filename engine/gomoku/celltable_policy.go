package gomoku

// defaultPolicyTable is the move-ordering table (see PolicyOf).
var defaultPolicyTable = PolicyOf()
