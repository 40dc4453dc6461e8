module movesvc

go 1.26.8
