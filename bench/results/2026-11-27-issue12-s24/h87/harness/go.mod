module h87harness

go 1.26
