module h58harness

go 1.26
