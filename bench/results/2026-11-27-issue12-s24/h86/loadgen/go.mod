module h86/loadgen

go 1.26
