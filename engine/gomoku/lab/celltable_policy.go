package lab

// defaultPolicyTable is the move-ordering table the fits start from (see
// PolicyOf); a fitted table kept replaces it here (gomokutune policy -go).
var defaultPolicyTable = PolicyOf()
