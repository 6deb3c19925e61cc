module h93/upstream

go 1.26.8
