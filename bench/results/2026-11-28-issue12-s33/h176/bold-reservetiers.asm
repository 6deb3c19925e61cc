TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB) /tmp/s33/h176/base/cache/decide.go
  decide.go:124		0x5feb40		4c8da42440fdffff	LEAQ 0xfffffd40(SP), R12							
  decide.go:124		0x5feb48		4d3b6610		CMPQ R12, 0x10(R14)								
  decide.go:124		0x5feb4c		0f86341a0000		JBE 0x600586									
  decide.go:124		0x5feb52		55			PUSHQ BP									
  decide.go:124		0x5feb53		4889e5			MOVQ SP, BP									
  decide.go:124		0x5feb56		4881ec38030000		SUBQ $0x338, SP									
  decide.go:124		0x5feb5d		48898c2470030000	MOVQ CX, 0x370(SP)								
  decide.go:124		0x5feb65		4889b42480030000	MOVQ SI, 0x380(SP)								
  decide.go:127		0x5feb6d		4889842460030000	MOVQ AX, 0x360(SP)								
  decide.go:127		0x5feb75		48899c2468030000	MOVQ BX, 0x368(SP)								
  decide.go:127		0x5feb7d		4c898c2490030000	MOVQ R9, 0x390(SP)								
  decide.go:127		0x5feb85		44889c24a0030000	MOVB R11, 0x3a0(SP)								
  decide.go:127		0x5feb8d		4c89842478020000	MOVQ R8, 0x278(SP)								
  decide.go:127		0x5feb95		4889b42430030000	MOVQ SI, 0x330(SP)								
  decide.go:127		0x5feb9d		4889bc2470020000	MOVQ DI, 0x270(SP)								
  decide.go:127		0x5feba5		48898c2428030000	MOVQ CX, 0x328(SP)								
  decide.go:126		0x5febad		8403			TESTB AL, 0(BX)									
  decide.go:125		0x5febaf		498b11			MOVQ 0(R9), DX									
  decide.go:125		0x5febb2		48899424e0020000	MOVQ DX, 0x2e0(SP)								
  decide.go:125		0x5febba		4d8b6108		MOVQ 0x8(R9), R12								
  decide.go:125		0x5febbe		4c89a424d8000000	MOVQ R12, 0xd8(SP)								
  decide.go:125		0x5febc6		4d8b6910		MOVQ 0x10(R9), R13								
  decide.go:125		0x5febca		4c89ac24e0000000	MOVQ R13, 0xe0(SP)								
  decide.go:125		0x5febd2		450fb67920		MOVZX 0x20(R9), R15								
  decide.go:125		0x5febd7		44887c2476		MOVB R15, 0x76(SP)								
  decide.go:127		0x5febdc		4d85d2			TESTQ R10, R10									
  decide.go:128		0x5febdf		41bb00000000		MOVL $0x0, R11									
  decide.go:128		0x5febe5		4d0f4cd3		CMOVL R11, R10									
  decide.go:128		0x5febe9		4c89942468020000	MOVQ R10, 0x268(SP)								
  decide.go:126		0x5febf1		833d9833570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:126		0x5febf8		746c			JE 0x5fec66									
  decide.go:126		0x5febfa		8403			TESTB AL, 0(BX)									
  decide.go:126		0x5febfc		488d059dcb1e00		LEAQ 0x1ecb9d(IP), AX								
  decide.go:126		0x5fec03		e8f853e2ff		CALL runtime.wbZero(SB)								
  decide.go:129		0x5fec08		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:129		0x5fec10		488b8c2428030000	MOVQ 0x328(SP), CX								
  decide.go:134		0x5fec18		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:126		0x5fec20		488b9c2468030000	MOVQ 0x368(SP), BX								
  decide.go:129		0x5fec28		488bb42430030000	MOVQ 0x330(SP), SI								
  decide.go:129		0x5fec30		488bbc2470020000	MOVQ 0x270(SP), DI								
  decide.go:129		0x5fec38		4c8b842478020000	MOVQ 0x278(SP), R8								
  decide.go:125		0x5fec40		4c8b8c2490030000	MOVQ 0x390(SP), R9								
  decide.go:314		0x5fec48		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:134		0x5fec50		4c8ba424d8000000	MOVQ 0xd8(SP), R12								
  decide.go:134		0x5fec58		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:131		0x5fec60		440fb67c2476		MOVZX 0x76(SP), R15								
  decide.go:126		0x5fec66		440f113b		MOVUPS X15, 0(BX)								
  decide.go:126		0x5fec6a		440f117b10		MOVUPS X15, 0x10(BX)								
  decide.go:126		0x5fec6f		440f117b20		MOVUPS X15, 0x20(BX)								
  decide.go:126		0x5fec74		440f117b30		MOVUPS X15, 0x30(BX)								
  decide.go:126		0x5fec79		440f117b40		MOVUPS X15, 0x40(BX)								
  decide.go:126		0x5fec7e		440f117b50		MOVUPS X15, 0x50(BX)								
  decide.go:126		0x5fec83		440f117b60		MOVUPS X15, 0x60(BX)								
  decide.go:126		0x5fec88		440f117b70		MOVUPS X15, 0x70(BX)								
  decide.go:126		0x5fec8d		440f117b78		MOVUPS X15, 0x78(BX)								
  time.go:182		0x5fec92		4c8b9c2448030000	MOVQ 0x348(SP), R11								
  time.go:182		0x5fec9a		490fbae33f		BTQ $0x3f, R11									
  time.go:182		0x5fec9f		90			NOPL										
  decide.go:127		0x5feca0		7320			JAE 0x5fecc2									
  time.go:183		0x5feca2		4f8d141b		LEAQ 0(R11)(R11*1), R10								
  time.go:183		0x5feca6		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5fecaa		49bb807fb1d70d000000	MOVQ $0xdd7b17f80, R11								
  time.go:183		0x5fecb4		4d01da			ADDQ R11, R10									
  time.go:1433		0x5fecb7		4c89942498000000	MOVQ R10, 0x98(SP)								
  time.go:1433		0x5fecbf		90			NOPL										
  time.go:189		0x5fecc0		eb20			JMP 0x5fece2									
  decide.go:127		0x5fecc2		4889842420030000	MOVQ AX, 0x320(SP)								
  time.go:1433		0x5fecca		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1433		0x5fecd2		4889842498000000	MOVQ AX, 0x98(SP)								
  decide.go:129		0x5fecda		488b842420030000	MOVQ 0x320(SP), AX								
  decide.go:129		0x5fece2		4889cb			MOVQ CX, BX									
  decide.go:129		0x5fece5		4889f9			MOVQ DI, CX									
  decide.go:129		0x5fece8		4889f7			MOVQ SI, DI									
  decide.go:129		0x5feceb		4c89c6			MOVQ R8, SI									
  decide.go:129		0x5fecee		e84d970000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)	
  decide.go:129		0x5fecf3		48898424f8020000	MOVQ AX, 0x2f8(SP)								
  decide.go:129		0x5fecfb		4889b42430010000	MOVQ SI, 0x130(SP)								
  time.go:189		0x5fed03		488b942498000000	MOVQ 0x98(SP), DX								
  time.go:189		0x5fed0b		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  time.go:189		0x5fed15		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  time.go:189		0x5fed19		4c899424b8000000	MOVQ R10, 0xb8(SP)								
  decide.go:130		0x5fed21		4885db			TESTQ BX, BX									
  decide.go:130		0x5fed24		0f859b000000		JNE 0x5fedc5									
  decide.go:131		0x5fed2a		440fb65c2476		MOVZX 0x76(SP), R11								
  decide.go:131		0x5fed30		4584db			TESTL R11, R11									
  decide.go:131		0x5fed33		0f8438180000		JE 0x600571									
  decide.go:134		0x5fed39		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:134		0x5fed41		48891424		MOVQ DX, 0(SP)									
  decide.go:134		0x5fed45		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:134		0x5fed4d		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:134		0x5fed52		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:134		0x5fed5a		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:134		0x5fed5f		4889c3			MOVQ AX, BX									
  decide.go:134		0x5fed62		488b8c2428030000	MOVQ 0x328(SP), CX								
  decide.go:134		0x5fed6a		488bbc2470020000	MOVQ 0x270(SP), DI								
  decide.go:134		0x5fed72		4c8b842478020000	MOVQ 0x278(SP), R8								
  decide.go:134		0x5fed7a		4989f1			MOVQ SI, R9									
  decide.go:134		0x5fed7d		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:134		0x5fed85		488bb42430030000	MOVQ 0x330(SP), SI								
  decide.go:134		0x5fed8d		e8ce9e0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).findOrInsert(SB)	
  decide.go:207		0x5fed92		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:140		0x5fed9a		488bb42430010000	MOVQ 0x130(SP), SI								
  decide.go:140		0x5feda2		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:174		0x5fedac		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:136		0x5fedb4		4889cf			MOVQ CX, DI									
  decide.go:136		0x5fedb7		4889d9			MOVQ BX, CX									
  decide.go:136		0x5fedba		4889c3			MOVQ AX, BX									
  decide.go:140		0x5fedbd		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  mutex.go:46		0x5fedc5		90			NOPL										
  decide.go:129		0x5fedc6		4989c1			MOVQ AX, R9									
  mutex.go:63		0x5fedc9		31c0			XORL AX, AX									
  mutex.go:63		0x5fedcb		41bc01000000		MOVL $0x1, R12									
  mutex.go:63		0x5fedd1		f0440fb123		LOCK CMPXCHGL R12, 0(BX)							
  mutex.go:63		0x5fedd6		410f94c4		SETE R12									
  mutex.go:63		0x5fedda		4584e4			TESTL R12, R12									
  mutex.go:63		0x5feddd		7562			JNE 0x5fee41									
  decide.go:136		0x5feddf		48898c2408030000	MOVQ CX, 0x308(SP)								
  decide.go:136		0x5fede7		48899c2400030000	MOVQ BX, 0x300(SP)								
  decide.go:136		0x5fedef		4889bc24e8020000	MOVQ DI, 0x2e8(SP)								
  mutex.go:70		0x5fedf7		4889d8			MOVQ BX, AX									
  mutex.go:70		0x5fedfa		e8e1a9e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:151		0x5fedff		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5fee07		488b942498000000	MOVQ 0x98(SP), DX								
  type.go:147		0x5fee0f		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:140		0x5fee17		488bb42430010000	MOVQ 0x130(SP), SI								
  decide.go:151		0x5fee1f		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:151		0x5fee27		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:140		0x5fee31		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  entry.go:174		0x5fee39		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  slots.go:113		0x5fee41		90			NOPL										
  type.go:147		0x5fee42		448b6320		MOVL 0x20(BX), R12								
  decide.go:137		0x5fee46		41f7c4c0000000		TESTL $0xc0, R12								
  decide.go:137		0x5fee4d		0f8494000000		JE 0x5feee7									
  decide.go:140		0x5fee53		48893424		MOVQ SI, 0(SP)									
  decide.go:140		0x5fee57		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:140		0x5fee5f		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:140		0x5fee64		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:140		0x5fee6c		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:140		0x5fee71		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:140		0x5fee79		4889542418		MOVQ DX, 0x18(SP)								
  decide.go:140		0x5fee7e		4c89542420		MOVQ R10, 0x20(SP)								
  decide.go:140		0x5fee83		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:140		0x5fee8b		4889fe			MOVQ DI, SI									
  decide.go:140		0x5fee8e		4c8b842428030000	MOVQ 0x328(SP), R8								
  decide.go:140		0x5fee96		4c8b942430030000	MOVQ 0x330(SP), R10								
  decide.go:140		0x5fee9e		4c8b9c2478020000	MOVQ 0x278(SP), R11								
  decide.go:140		0x5feea6		4889cf			MOVQ CX, DI									
  decide.go:140		0x5feea9		4889d9			MOVQ BX, CX									
  decide.go:140		0x5feeac		4c89cb			MOVQ R9, BX									
  decide.go:140		0x5feeaf		4c8b8c2470020000	MOVQ 0x270(SP), R9								
  decide.go:140		0x5feeb7		e864300000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).relock(SB)	
  decide.go:207		0x5feebc		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:207		0x5feec4		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  stale.go:16		0x5feece		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  entry.go:174		0x5feed6		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:151		0x5feede		4889cf			MOVQ CX, DI									
  decide.go:151		0x5feee1		4889d9			MOVQ BX, CX									
  decide.go:151		0x5feee4		4889c3			MOVQ AX, BX									
  decide.go:151		0x5feee7		48899c2400030000	MOVQ BX, 0x300(SP)								
  decide.go:151		0x5feeef		48898c2408030000	MOVQ CX, 0x308(SP)								
  decide.go:151		0x5feef7		4889bc24e8020000	MOVQ DI, 0x2e8(SP)								
  entry.go:174		0x5feeff		4d85d2			TESTQ R10, R10									
  entry.go:174		0x5fef02		41bc00000000		MOVL $0x0, R12									
  entry.go:174		0x5fef08		4c89d6			MOVQ R10, SI									
  entry.go:174		0x5fef0b		4d0f4cd4		CMOVL R12, R10									
  entry.go:174		0x5fef0f		41bdffffffff		MOVL $-0x1, R13									
  entry.go:174		0x5fef15		4d39d5			CMPQ R13, R10									
  entry.go:174		0x5fef18		4d0f4cd5		CMOVL R13, R10									
  entry.go:174		0x5fef1c		44895308		MOVL R10, 0x8(BX)								
  entry.go:303		0x5fef20		440fb66b1e		MOVZX 0x1e(BX), R13								
  decide.go:152		0x5fef25		90			NOPL										
  stale.go:15		0x5fef26		90			NOPL										
  entry.go:303		0x5fef27		41f6c504		TESTL $0x4, R13									
  entry.go:174		0x5fef2b		7555			JNE 0x5fef82									
  stale.go:16		0x5fef2d		488b842460030000	MOVQ 0x360(SP), AX								
  stale.go:16		0x5fef35		4889cf			MOVQ CX, DI									
  stale.go:16		0x5fef38		4889d9			MOVQ BX, CX									
  stale.go:16		0x5fef3b		4c89cb			MOVQ R9, BX									
  stale.go:16		0x5fef3e		6690			NOPW										
  stale.go:16		0x5fef40		e87bde0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).markUnread(SB)	
  decide.go:163		0x5fef45		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5fef4d		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:163		0x5fef55		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:314		0x5fef5d		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:241		0x5fef65		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:241		0x5fef6d		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:314		0x5fef77		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x5fef7f		4531e4			XORL R12, R12									
  decide.go:125		0x5fef82		4c8bac2490030000	MOVQ 0x390(SP), R13								
  decide.go:125		0x5fef8a		4d8d7d24		LEAQ 0x24(R13), R15								
  decide.go:157		0x5fef8e		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:157		0x5fef96		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:157		0x5fef9f		90			NOPL										
  decide.go:157		0x5fefa0		49394518		CMPQ 0x18(R13), AX								
  decide.go:157		0x5fefa4		0f848e000000		JE 0x5ff038									
  decide.go:158		0x5fefaa		440fb6442476		MOVZX 0x76(SP), R8								
  decide.go:158		0x5fefb0		4584c0			TESTL R8, R8									
  decide.go:158		0x5fefb3		0f8485150000		JE 0x60053e									
  decide.go:162		0x5fefb9		c744247800000000	MOVL $0x0, 0x78(SP)								
  decide.go:163		0x5fefc1		4889d8			MOVQ BX, AX									
  decide.go:163		0x5fefc4		4889cb			MOVQ CX, BX									
  decide.go:163		0x5fefc7		488b8c24e0020000	MOVQ 0x2e0(SP), CX								
  decide.go:163		0x5fefcf		488bbc24d8000000	MOVQ 0xd8(SP), DI								
  decide.go:163		0x5fefd7		488bb424e0000000	MOVQ 0xe0(SP), SI								
  decide.go:163		0x5fefdf		90			NOPL										
  decide.go:163		0x5fefe0		e8dbb60000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.sizesCode(SB)	
  decide.go:163		0x5fefe5		895c2478		MOVL BX, 0x78(SP)								
  decide.go:261		0x5fefe9		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5feff1		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:339		0x5feff9		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:314		0x5ff001		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:241		0x5ff009		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:241		0x5ff011		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:314		0x5ff01b		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x5ff023		4531e4			XORL R12, R12									
  decide.go:197		0x5ff026		4189c2			MOVL AX, R10									
  decide.go:162		0x5ff029		4c8d7c2478		LEAQ 0x78(SP), R15								
  decide.go:339		0x5ff02e		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:164		0x5ff036		eb06			JMP 0x5ff03e									
  decide.go:197		0x5ff038		440fb6542476		MOVZX 0x76(SP), R10								
  decide.go:197		0x5ff03e		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:197		0x5ff046		4983fd01		CMPQ R13, $0x1									
  decide.go:197		0x5ff04a		0f85d0070000		JNE 0x5ff820									
  decide.go:339		0x5ff050		440fb65b1e		MOVZX 0x1e(BX), R11								
  decide.go:339		0x5ff055		41f6c320		TESTL $0x20, R11								
  decide.go:339		0x5ff059		0f85c1070000		JNE 0x5ff820									
  decide.go:339		0x5ff05f		80787800		CMPB 0x78(AX), $0x0								
  decide.go:197		0x5ff063		0f85b7070000		JNE 0x5ff820									
  decide.go:197		0x5ff069		4c89bc24f0020000	MOVQ R15, 0x2f0(SP)								
  decide.go:207		0x5ff071		0fb67b1f		MOVZX 0x1f(BX), DI								
  decide.go:207		0x5ff075		83e70f			ANDL $0xf, DI									
  decide.go:207		0x5ff078		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:207		0x5ff080		4138fa			CMPL R10, DI									
  decide.go:207		0x5ff083		0f855e070000		JNE 0x5ff7e7									
  decide.go:339		0x5ff089		44885c2477		MOVB R11, 0x77(SP)								
  decide.go:206		0x5ff08e		418b3f			MOVL 0(R15), DI									
  decide.go:206		0x5ff091		897c247c		MOVL DI, 0x7c(SP)								
  decide.go:206		0x5ff095		4863ff			MOVSXD DI, DI									
  decide.go:206		0x5ff098		448b5b0c		MOVL 0xc(BX), R11								
  decide.go:207		0x5ff09c		4c29da			SUBQ R11, DX									
  decide.go:207		0x5ff09f		4c01c2			ADDQ R8, DX									
  decide.go:207		0x5ff0a2		4839d7			CMPQ DI, DX									
  decide.go:207		0x5ff0a5		0f862a070000		JBE 0x5ff7d5									
  decide.go:205		0x5ff0ab		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:205		0x5ff0af		4889942460020000	MOVQ DX, 0x260(SP)								
  decide.go:197		0x5ff0b7		4c89ff			MOVQ R15, DI									
  decide.go:205		0x5ff0ba		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:205		0x5ff0c2		4d8b07			MOVQ 0(R15), R8									
  decide.go:205		0x5ff0c5		4c89842458020000	MOVQ R8, 0x258(SP)								
  decide.go:345		0x5ff0cd		4883fa01		CMPQ DX, $0x1									
  decide.go:345		0x5ff0d1		7e4c			JLE 0x5ff11f									
  decide.go:345		0x5ff0d3		49c1f83f		SARQ $0x3f, R8									
  decide.go:345		0x5ff0d7		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:345		0x5ff0e1		4c8ba42458020000	MOVQ 0x258(SP), R12								
  decide.go:345		0x5ff0e9		49f7ec			IMULQ R12									
  decide.go:345		0x5ff0ec		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:345		0x5ff0f0		48c1f803		SARQ $0x3, AX									
  decide.go:345		0x5ff0f4		4c29c0			SUBQ R8, AX									
  decide.go:345		0x5ff0f7		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:345		0x5ff0ff		90			NOPL										
  decide.go:345		0x5ff100		4939c4			CMPQ R12, AX									
  decide.go:207		0x5ff103		0f8fba060000		JG 0x5ff7c3									
  decide.go:339		0x5ff109		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:207		0x5ff111		4c89e2			MOVQ R12, DX									
  decide.go:212		0x5ff114		4c8b842458020000	MOVQ 0x258(SP), R8								
  decide.go:212		0x5ff11c		4531e4			XORL R12, R12									
  decide.go:207		0x5ff11f		488dba0100ffff		LEAQ 0xffff0001(DX), DI								
  decide.go:207		0x5ff126		48f7df			NEGQ DI										
  decide.go:207		0x5ff129		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:207		0x5ff131		4939fc			CMPQ R12, DI									
  decide.go:207		0x5ff134		0f8fbd060000		JG 0x5ff7f7									
  decide.go:197		0x5ff13a		4488542476		MOVB R10, 0x76(SP)								
  decide.go:208		0x5ff13f		48637b14		MOVSXD 0x14(BX), DI								
  decide.go:208		0x5ff143		4889bc2450020000	MOVQ DI, 0x250(SP)								
  decide.go:209		0x5ff14b		4801d7			ADDQ DX, DI									
  decide.go:210		0x5ff14e		90			NOPL										
  time.go:182		0x5ff14f		4c8bac2448030000	MOVQ 0x348(SP), R13								
  time.go:182		0x5ff157		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ff15c		732e			JAE 0x5ff18c									
  time.go:183		0x5ff15e		4f8d542d00		LEAQ 0(R13)(R13*1), R10								
  time.go:183		0x5ff163		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5ff167		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff171		4d01e2			ADDQ R12, R10									
  decide.go:212		0x5ff174		4c8ba42468020000	MOVQ 0x268(SP), R12								
  time.go:1461		0x5ff17c		4c89942490000000	MOVQ R10, 0x90(SP)								
  decide.go:256		0x5ff184		440fb6542476		MOVZX 0x76(SP), R10								
  time.go:189		0x5ff18a		eb20			JMP 0x5ff1ac									
  decide.go:157		0x5ff18c		4889842418030000	MOVQ AX, 0x318(SP)								
  time.go:1461		0x5ff194		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1461		0x5ff19c		4889842490000000	MOVQ AX, 0x90(SP)								
  type.go:80		0x5ff1a4		488b842418030000	MOVQ 0x318(SP), AX								
  decide.go:206		0x5ff1ac		4c899c2448020000	MOVQ R11, 0x248(SP)								
  decide.go:205		0x5ff1b4		4d8b5708		MOVQ 0x8(R15), R10								
  decide.go:205		0x5ff1b8		4c89942440020000	MOVQ R10, 0x240(SP)								
  decide.go:208		0x5ff1c0		48634b10		MOVSXD 0x10(BX), CX								
  decide.go:208		0x5ff1c4		48898c2438020000	MOVQ CX, 0x238(SP)								
  window.go:76		0x5ff1cc		4d69db00ca9a3b		IMULQ $0x3b9aca00, R11, R11							
  time.go:1461		0x5ff1d3		4c8bbc2490000000	MOVQ 0x90(SP), R15								
  time.go:1461		0x5ff1db		4d69ff00ca9a3b		IMULQ $0x3b9aca00, R15, R15							
  time.go:177		0x5ff1e2		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ff1e9		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ff1ec		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ff1ef		4d29dd			SUBQ R11, R13									
  window.go:76		0x5ff1f2		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff1fc		4d01fd			ADDQ R15, R13									
  decide.go:211		0x5ff1ff		90			NOPL										
  window.go:235		0x5ff200		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff203		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff209		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff20d		4d39ea			CMPQ R10, R13									
  window.go:76		0x5ff210		4d0f4cea		CMOVL R10, R13									
  window.go:76		0x5ff214		4c89ac24b0000000	MOVQ R13, 0xb0(SP)								
  window.go:148		0x5ff21c		4885c9			TESTQ CX, CX									
  decide.go:128		0x5ff21f		4d89e3			MOVQ R12, R11									
  window.go:148		0x5ff222		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ff228		490f4ccc		CMOVL R12, CX									
  window.go:235		0x5ff22c		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff22f		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff233		4d39ea			CMPQ R10, R13									
  window.go:148		0x5ff236		4d0f4cea		CMOVL R10, R13									
  window.go:148		0x5ff23a		4d29ea			SUBQ R13, R10									
  window.go:226		0x5ff23d		4c8bbc2440020000	MOVQ 0x240(SP), R15								
  window.go:226		0x5ff245		4d39d7			CMPQ R15, R10									
  window.go:235		0x5ff248		7430			JE 0x5ff27a									
  window.go:229		0x5ff24a		4889c8			MOVQ CX, AX									
  decide.go:205		0x5ff24d		4889d1			MOVQ DX, CX									
  window.go:229		0x5ff250		49f7e2			MULQ R10									
  window.go:230		0x5ff253		4d85ff			TESTQ R15, R15									
  window.go:230		0x5ff256		0f84dd120000		JE 0x600539									
  window.go:230		0x5ff25c		0f1f4000		NOPL 0(AX)									
  window.go:230		0x5ff260		4c39fa			CMPQ DX, R15									
  window.go:230		0x5ff263		0f83cb120000		JAE 0x600534									
  window.go:230		0x5ff269		49f7f7			DIVQ R15									
  share.go:108		0x5ff26c		4889ca			MOVQ CX, DX									
  window.go:148		0x5ff26f		4889c1			MOVQ AX, CX									
  type.go:80		0x5ff272		488b842460030000	MOVQ 0x360(SP), AX								
  window.go:149		0x5ff27a		4885ff			TESTQ DI, DI									
  window.go:149		0x5ff27d		490f4cfc		CMOVL R12, DI									
  window.go:149		0x5ff281		4801f9			ADDQ DI, CX									
  window.go:148		0x5ff284		4c89ef			MOVQ R13, DI									
  window.go:149		0x5ff287		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ff291		4939cd			CMPQ R13, CX									
  window.go:97		0x5ff294		490f42cd		CMOVB R13, CX									
  decide.go:212		0x5ff298		4929c8			SUBQ CX, R8									
  decide.go:212		0x5ff29b		4c89842430020000	MOVQ R8, 0x230(SP)								
  decide.go:212		0x5ff2a3		4d85c0			TESTQ R8, R8									
  decide.go:212		0x5ff2a6		4d0f4cc4		CMOVL R12, R8									
  decide.go:212		0x5ff2aa		4d29d8			SUBQ R11, R8									
  decide.go:216		0x5ff2ad		440fb66c2477		MOVZX 0x77(SP), R13								
  decide.go:216		0x5ff2b3		41f6c540		TESTL $0x40, R13								
  window.go:149		0x5ff2b7		741c			JE 0x5ff2d5									
  type.go:80		0x5ff2b9		448ba870010000		MOVL 0x170(AX), R13								
  writers.go:80		0x5ff2c0		4585ed			TESTL R13, R13									
  writers.go:80		0x5ff2c3		740b			JE 0x5ff2d0									
  writers.go:80		0x5ff2c5		440fb66820		MOVZX 0x20(AX), R13								
  writers.go:80		0x5ff2ca		4183f501		XORL $0x1, R13									
  writers.go:80		0x5ff2ce		eb08			JMP 0x5ff2d8									
  writers.go:80		0x5ff2d0		4531ed			XORL R13, R13									
  writers.go:80		0x5ff2d3		eb03			JMP 0x5ff2d8									
  writers.go:80		0x5ff2d5		4531ed			XORL R13, R13									
  window.go:148		0x5ff2d8		4889bc2428020000	MOVQ DI, 0x228(SP)								
  window.go:148		0x5ff2e0		4c89942418010000	MOVQ R10, 0x118(SP)								
  window.go:97		0x5ff2e8		48898c2420020000	MOVQ CX, 0x220(SP)								
  decide.go:212		0x5ff2f0		4c89842410010000	MOVQ R8, 0x110(SP)								
  decide.go:212		0x5ff2f8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:216		0x5ff300		4584ed			TESTL R13, R13									
  decide.go:216		0x5ff303		0f8494010000		JE 0x5ff49d									
  share.go:107		0x5ff309		440fb66324		MOVZX 0x24(BX), R12								
  share.go:107		0x5ff30e		440fb66b25		MOVZX 0x25(BX), R13								
  share.go:107		0x5ff313		4d01e5			ADDQ R12, R13									
  share.go:108		0x5ff316		4885d2			TESTQ DX, DX									
  share.go:108		0x5ff319		7e10			JLE 0x5ff32b									
  share.go:108		0x5ff31b		0f1f440000		NOPL 0(AX)(AX*1)								
  share.go:108		0x5ff320		4983fd08		CMPQ R13, $0x8									
  share.go:108		0x5ff324		7c05			JL 0x5ff32b									
  share.go:108		0x5ff326		4d39ec			CMPQ R12, R13									
  share.go:108		0x5ff329		7505			JNE 0x5ff330									
  decide.go:205		0x5ff32b		4989d4			MOVQ DX, R12									
  decide.go:217		0x5ff32e		eb27			JMP 0x5ff357									
  share.go:111		0x5ff330		4c0fafe2		IMULQ DX, R12									
  decide.go:575		0x5ff334		4c89e0			MOVQ R12, AX									
  decide.go:205		0x5ff337		4989d4			MOVQ DX, R12									
  decide.go:575		0x5ff33a		31d2			XORL DX, DX									
  decide.go:575		0x5ff33c		49f7f5			DIVQ R13									
  decide.go:576		0x5ff33f		4885d2			TESTQ DX, DX									
  decide.go:576		0x5ff342		410f95c5		SETNE R13									
  share.go:111		0x5ff346		450fb6ed		MOVZX R13, R13									
  share.go:111		0x5ff34a		498d540500		LEAQ 0(R13)(AX*1), DX								
  decide.go:314		0x5ff34f		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:217		0x5ff357		4c39e2			CMPQ DX, R12									
  decide.go:217		0x5ff35a		7420			JE 0x5ff37c									
  decide.go:314		0x5ff35c		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:314		0x5ff364		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:314		0x5ff36c		4d89dc			MOVQ R11, R12									
  decide.go:314		0x5ff36f		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:218		0x5ff377		e936110000		JMP 0x6004b2									
  decide.go:220		0x5ff37c		4889d8			MOVQ BX, AX									
  decide.go:220		0x5ff37f		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:220		0x5ff387		31c9			XORL CX, CX									
  decide.go:220		0x5ff389		e872aa0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:220		0x5ff38e		488d8424d0010000	LEAQ 0x1d0(SP), AX								
  decide.go:220		0x5ff396		4889e2			MOVQ SP, DX									
  decide.go:220		0x5ff399		440f1032		MOVUPS 0(DX), X14								
  decide.go:220		0x5ff39d		440f1130		MOVUPS X14, 0(AX)								
  decide.go:220		0x5ff3a1		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:220		0x5ff3a6		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:220		0x5ff3ab		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:220		0x5ff3b0		440f117020		MOVUPS X14, 0x20(AX)								
  writers.go:87		0x5ff3b5		488bb42408030000	MOVQ 0x308(SP), SI								
  writers.go:87		0x5ff3bd		0fb67e1f		MOVZX 0x1f(SI), DI								
  writers.go:87		0x5ff3c1		4189f8			MOVL DI, R8									
  writers.go:87		0x5ff3c4		83e77f			ANDL $0x7f, DI									
  writers.go:88		0x5ff3c7		4180f880		CMPL R8, $0x80									
  writers.go:88		0x5ff3cb		7219			JB 0x5ff3e6									
  type.go:80		0x5ff3cd		4c8b942460030000	MOVQ 0x360(SP), R10								
  type.go:80		0x5ff3d5		458b9a70010000		MOVL 0x170(R10), R11								
  writers.go:89		0x5ff3dc		4d63db			MOVSXD R11, R11									
  writers.go:89		0x5ff3df		4939fb			CMPQ R11, DI									
  writers.go:89		0x5ff3e2		490f4ffb		CMOVG R11, DI									
  writers.go:91		0x5ff3e6		4885ff			TESTQ DI, DI									
  decide.go:221		0x5ff3e9		41ba01000000		MOVL $0x1, R10									
  decide.go:221		0x5ff3ef		490f4efa		CMOVLE R10, DI									
  decide.go:221		0x5ff3f3		488b9c2458020000	MOVQ 0x258(SP), BX								
  decide.go:221		0x5ff3fb		488b8c2440020000	MOVQ 0x240(SP), CX								
  decide.go:221		0x5ff403		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:221		0x5ff40b		4989f8			MOVQ DI, R8									
  decide.go:221		0x5ff40e		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:221		0x5ff416		488bbc24b0000000	MOVQ 0xb0(SP), DI								
  decide.go:221		0x5ff41e		6690			NOPW										
  decide.go:221		0x5ff420		e81bad0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:221		0x5ff425		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:221		0x5ff42d		4c29d0			SUBQ R10, AX									
  decide.go:221		0x5ff430		4c8b842410010000	MOVQ 0x110(SP), R8								
  decide.go:221		0x5ff438		4c39c0			CMPQ AX, R8									
  decide.go:221		0x5ff43b		4c89c2			MOVQ R8, DX									
  decide.go:221		0x5ff43e		480f4cd0		CMOVL AX, DX									
  decide.go:238		0x5ff442		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:239		0x5ff44a		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:233		0x5ff452		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:314		0x5ff45a		488bb424b8000000	MOVQ 0xb8(SP), SI								
  window.go:198		0x5ff462		488bbc2428020000	MOVQ 0x228(SP), DI								
  decide.go:314		0x5ff46a		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:245		0x5ff472		4c8b942418010000	MOVQ 0x118(SP), R10								
  decide.go:223		0x5ff47a		4c8b9c2468020000	MOVQ 0x268(SP), R11								
  decide.go:223		0x5ff482		4531e4			XORL R12, R12									
  decide.go:223		0x5ff485		4d89c5			MOVQ R8, R13									
  decide.go:239		0x5ff488		4c8bbc2440020000	MOVQ 0x240(SP), R15								
  decide.go:223		0x5ff490		4989d0			MOVQ DX, R8									
  decide.go:244		0x5ff493		488b942460020000	MOVQ 0x260(SP), DX								
  writers.go:91		0x5ff49b		eb03			JMP 0x5ff4a0									
  decide.go:212		0x5ff49d		4d89c5			MOVQ R8, R13									
  decide.go:223		0x5ff4a0		4d85c0			TESTQ R8, R8									
  decide.go:223		0x5ff4a3		0f8ced020000		JL 0x5ff796									
  decide.go:223		0x5ff4a9		4c8bbc2430020000	MOVQ 0x230(SP), R15								
  decide.go:223		0x5ff4b1		4d39fb			CMPQ R11, R15									
  decide.go:223		0x5ff4b4		0f8fd0020000		JG 0x5ff78a									
  decide.go:223		0x5ff4ba		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff4c4		4d39ef			CMPQ R15, R13									
  decide.go:223		0x5ff4c7		0f8ed3020000		JLE 0x5ff7a0									
  decide.go:233		0x5ff4cd		440fb77b1e		MOVZX 0x1e(BX), R15								
  decide.go:233		0x5ff4d2		6641f7c780f0		TESTW $-0xf80, R15								
  decide.go:233		0x5ff4d8		747e			JE 0x5ff558									
  decide.go:223		0x5ff4da		4c89842428010000	MOVQ R8, 0x128(SP)								
  decide.go:234		0x5ff4e2		488b8c2468030000	MOVQ 0x368(SP), CX								
  decide.go:234		0x5ff4ea		4883c138		ADDQ $0x38, CX									
  decide.go:234		0x5ff4ee		4889d8			MOVQ BX, AX									
  decide.go:234		0x5ff4f1		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:234		0x5ff4f9		bf01000000		MOVL $0x1, DI									
  decide.go:234		0x5ff4fe		6690			NOPW										
  decide.go:234		0x5ff500		e87b220000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:234		0x5ff505		84c0			TESTL AL, AL									
  decide.go:234		0x5ff507		0f8438020000		JE 0x5ff745									
  decide.go:238		0x5ff50d		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:239		0x5ff515		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:244		0x5ff51d		488b942460020000	MOVQ 0x260(SP), DX								
  entry.go:324		0x5ff525		488b9c2400030000	MOVQ 0x300(SP), BX								
  window.go:198		0x5ff52d		488bbc2428020000	MOVQ 0x228(SP), DI								
  decide.go:239		0x5ff535		4c8b842428010000	MOVQ 0x128(SP), R8								
  decide.go:245		0x5ff53d		4c8b942418010000	MOVQ 0x118(SP), R10								
  decide.go:239		0x5ff545		4c8b9c2468020000	MOVQ 0x268(SP), R11								
  decide.go:239		0x5ff54d		4531e4			XORL R12, R12									
  decide.go:566		0x5ff550		4c8bac2410010000	MOVQ 0x110(SP), R13								
  decide.go:563		0x5ff558		488bb42458020000	MOVQ 0x258(SP), SI								
  decide.go:563		0x5ff560		4885f6			TESTQ SI, SI									
  decide.go:563		0x5ff563		7f07			JG 0x5ff56c									
  decide.go:563		0x5ff565		b801000000		MOVL $0x1, AX									
  decide.go:238		0x5ff56a		eb6f			JMP 0x5ff5db									
  decide.go:238		0x5ff56c		440fb688a0000000	MOVZX 0xa0(AX), R9								
  decide.go:566		0x5ff574		4d85ed			TESTQ R13, R13									
  decide.go:566		0x5ff577		4d0f4cec		CMOVL R12, R13									
  decide.go:566		0x5ff57b		4c39ee			CMPQ SI, R13									
  decide.go:566		0x5ff57e		4c0f4cee		CMOVL SI, R13									
  decide.go:566		0x5ff582		4989f4			MOVQ SI, R12									
  decide.go:566		0x5ff585		4c29ee			SUBQ R13, SI									
  decide.go:567		0x5ff588		49bdae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R13							
  decide.go:567		0x5ff592		4d39ec			CMPQ R12, R13									
  decide.go:566		0x5ff595		7d16			JGE 0x5ff5ad									
  decide.go:568		0x5ff597		486bf664		IMULQ $0x64, SI, SI								
  decide.go:568		0x5ff59b		4d0fafcc		IMULQ R12, R9									
  decide.go:568		0x5ff59f		4c39ce			CMPQ SI, R9									
  decide.go:568		0x5ff5a2		400f9dc6		SETGE SI									
  decide.go:238		0x5ff5a6		89f0			MOVL SI, AX									
  decide.go:239		0x5ff5a8		4c89e6			MOVQ R12, SI									
  decide.go:238		0x5ff5ab		eb2e			JMP 0x5ff5db									
  decide.go:570		0x5ff5ad		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:205		0x5ff5b7		4989d5			MOVQ DX, R13									
  decide.go:570		0x5ff5ba		49f7e4			MULQ R12									
  decide.go:570		0x5ff5bd		48c1ea06		SHRQ $0x6, DX									
  decide.go:570		0x5ff5c1		4889f0			MOVQ SI, AX									
  decide.go:570		0x5ff5c4		4989d7			MOVQ DX, R15									
  decide.go:570		0x5ff5c7		31d2			XORL DX, DX									
  decide.go:570		0x5ff5c9		49f7f7			DIVQ R15									
  decide.go:570		0x5ff5cc		4c39c8			CMPQ AX, R9									
  decide.go:570		0x5ff5cf		400f9dc6		SETGE SI									
  decide.go:244		0x5ff5d3		4c89ea			MOVQ R13, DX									
  decide.go:238		0x5ff5d6		89f0			MOVL SI, AX									
  decide.go:239		0x5ff5d8		4c89e6			MOVQ R12, SI									
  decide.go:238		0x5ff5db		84c0			TESTL AL, AL									
  entry.go:323		0x5ff5dd		740f			JE 0x5ff5ee									
  entry.go:324		0x5ff5df		440fb64b1e		MOVZX 0x1e(BX), R9								
  entry.go:324		0x5ff5e4		4183c908		ORL $0x8, R9									
  entry.go:324		0x5ff5e8		44884b1e		MOVB R9, 0x1e(BX)								
  entry.go:324		0x5ff5ec		eb0d			JMP 0x5ff5fb									
  entry.go:326		0x5ff5ee		440fb64b1e		MOVZX 0x1e(BX), R9								
  entry.go:326		0x5ff5f3		4183e1f7		ANDL $-0x9, R9									
  entry.go:326		0x5ff5f7		44884b1e		MOVB R9, 0x1e(BX)								
  decide.go:239		0x5ff5fb		4c8b8c2468030000	MOVQ 0x368(SP), R9								
  decide.go:239		0x5ff603		6641c7010101		MOVW $0x101, 0(R9)								
  decide.go:239		0x5ff609		49897108		MOVQ SI, 0x8(R9)								
  decide.go:239		0x5ff60d		4c8ba42440020000	MOVQ 0x240(SP), R12								
  decide.go:239		0x5ff615		4d896110		MOVQ R12, 0x10(R9)								
  decide.go:239		0x5ff619		4d894118		MOVQ R8, 0x18(R9)								
  decide.go:239		0x5ff61d		4d8d040b		LEAQ 0(R11)(CX*1), R8								
  decide.go:239		0x5ff621		4d894120		MOVQ R8, 0x20(R9)								
  decide.go:244		0x5ff625		4c01da			ADDQ R11, DX									
  decide.go:241		0x5ff628		833d6129570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:241		0x5ff62f		7515			JNE 0x5ff646									
  decide.go:241		0x5ff631		4c89d8			MOVQ R11, AX									
  decide.go:241		0x5ff634		4c8b8424e8020000	MOVQ 0x2e8(SP), R8								
  decide.go:241		0x5ff63c		4c8bbc2408030000	MOVQ 0x308(SP), R15								
  decide.go:241		0x5ff644		eb3b			JMP 0x5ff681									
  decide.go:241		0x5ff646		4d8b4140		MOVQ 0x40(R9), R8								
  decide.go:241		0x5ff64a		4d8b6948		MOVQ 0x48(R9), R13								
  decide.go:241		0x5ff64e		4d8b7938		MOVQ 0x38(R9), R15								
  decide.go:128		0x5ff652		4c89d8			MOVQ R11, AX									
  decide.go:241		0x5ff655		e8a629e9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:241		0x5ff65a		49891b			MOVQ BX, 0(R11)									
  decide.go:241		0x5ff65d		4d897b08		MOVQ R15, 0x8(R11)								
  decide.go:241		0x5ff661		4c8bbc2408030000	MOVQ 0x308(SP), R15								
  decide.go:241		0x5ff669		4d897b10		MOVQ R15, 0x10(R11)								
  decide.go:241		0x5ff66d		4d894318		MOVQ R8, 0x18(R11)								
  decide.go:241		0x5ff671		4c8b8424e8020000	MOVQ 0x2e8(SP), R8								
  decide.go:241		0x5ff679		4d894320		MOVQ R8, 0x20(R11)								
  decide.go:241		0x5ff67d		4d896b28		MOVQ R13, 0x28(R11)								
  decide.go:241		0x5ff681		49895938		MOVQ BX, 0x38(R9)								
  decide.go:241		0x5ff685		4d897940		MOVQ R15, 0x40(R9)								
  decide.go:241		0x5ff689		4d894148		MOVQ R8, 0x48(R9)								
  decide.go:241		0x5ff68d		49894150		MOVQ AX, 0x50(R9)								
  decide.go:242		0x5ff691		448b44247c		MOVL 0x7c(SP), R8								
  decide.go:242		0x5ff696		45894158		MOVL R8, 0x58(R9)								
  decide.go:242		0x5ff69a		4c8b842448020000	MOVQ 0x248(SP), R8								
  decide.go:242		0x5ff6a2		4d894168		MOVQ R8, 0x68(R9)								
  decide.go:243		0x5ff6a6		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:244		0x5ff6aa		4889d8			MOVQ BX, AX									
  decide.go:244		0x5ff6ad		4889d3			MOVQ DX, BX									
  decide.go:244		0x5ff6b0		4889f1			MOVQ SI, CX									
  decide.go:244		0x5ff6b3		4c89e7			MOVQ R12, DI									
  decide.go:244		0x5ff6b6		e805220000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:244		0x5ff6bb		488b942450020000	MOVQ 0x250(SP), DX								
  decide.go:244		0x5ff6c3		4801c2			ADDQ AX, DX									
  window.go:195		0x5ff6c6		90			NOPL										
  window.go:197		0x5ff6c7		4885d2			TESTQ DX, DX									
  window.go:235		0x5ff6ca		7e19			JLE 0x5ff6e5									
  window.go:198		0x5ff6cc		488b8c2440020000	MOVQ 0x240(SP), CX								
  window.go:198		0x5ff6d4		4c8d1409		LEAQ 0(CX)(CX*1), R10								
  window.go:198		0x5ff6d8		488b8c2428020000	MOVQ 0x228(SP), CX								
  window.go:198		0x5ff6e0		4929ca			SUBQ CX, R10									
  window.go:103		0x5ff6e3		eb2f			JMP 0x5ff714									
  window.go:148		0x5ff6e5		488b8c2438020000	MOVQ 0x238(SP), CX								
  window.go:148		0x5ff6ed		4885c9			TESTQ CX, CX									
  window.go:199		0x5ff6f0		7e1f			JLE 0x5ff711									
  window.go:199		0x5ff6f2		488b8c2440020000	MOVQ 0x240(SP), CX								
  window.go:199		0x5ff6fa		488b942428020000	MOVQ 0x228(SP), DX								
  window.go:199		0x5ff702		4839d1			CMPQ CX, DX									
  window.go:199		0x5ff705		7e0a			JLE 0x5ff711									
  decide.go:245		0x5ff707		4c8b942418010000	MOVQ 0x118(SP), R10								
  window.go:103		0x5ff70f		eb03			JMP 0x5ff714									
  window.go:103		0x5ff711		4531d2			XORL R10, R10									
  decide.go:245		0x5ff714		488b8c2468030000	MOVQ 0x368(SP), CX								
  decide.go:245		0x5ff71c		4c895130		MOVQ R10, 0x30(CX)								
  decide.go:246		0x5ff720		90			NOPL										
  mutex.go:65		0x5ff721		90			NOPL										
  mutex.go:194		0x5ff722		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x5ff727		488b842400030000	MOVQ 0x300(SP), AX								
  mutex.go:194		0x5ff72f		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x5ff733		ffcb			DECL BX										
  mutex.go:195		0x5ff735		7405			JE 0x5ff73c									
  mutex.go:198		0x5ff737		e884a3e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:247		0x5ff73c		4881c438030000		ADDQ $0x338, SP									
  decide.go:247		0x5ff743		5d			POPQ BP										
  decide.go:247		0x5ff744		c3			RET										
  decide.go:314		0x5ff745		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x5ff74d		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:314		0x5ff755		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:314		0x5ff75d		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:314		0x5ff765		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:314		0x5ff76d		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x5ff775		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x5ff77d		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:235		0x5ff785		e9280d0000		JMP 0x6004b2									
  decide.go:235		0x5ff78a		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff794		eb0a			JMP 0x5ff7a0									
  decide.go:223		0x5ff796		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:261		0x5ff7a0		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:256		0x5ff7a8		440fb6542476		MOVZX 0x76(SP), R10								
  decide.go:314		0x5ff7ae		4d89dc			MOVQ R11, R12									
  decide.go:256		0x5ff7b1		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:314		0x5ff7b9		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:223		0x5ff7c1		eb34			JMP 0x5ff7f7									
  decide.go:339		0x5ff7c3		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x5ff7cb		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:207		0x5ff7d3		eb22			JMP 0x5ff7f7									
  decide.go:314		0x5ff7d5		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x5ff7dd		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:207		0x5ff7e5		eb10			JMP 0x5ff7f7									
  decide.go:314		0x5ff7e7		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x5ff7ef		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:270		0x5ff7f7		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:302		0x5ff7ff		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:302		0x5ff807		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:302		0x5ff811		4531e4			XORL R12, R12									
  decide.go:258		0x5ff814		4c8bbc24f0020000	MOVQ 0x2f0(SP), R15								
  decide.go:258		0x5ff81c		0f1f4000		NOPL 0(AX)									
  decide.go:256		0x5ff820		4983fd02		CMPQ R13, $0x2									
  decide.go:256		0x5ff824		0f85750c0000		JNE 0x60049f									
  decide.go:256		0x5ff82a		4438531f		CMPB 0x1f(BX), R10								
  decide.go:256		0x5ff82e		0f856b0c0000		JNE 0x60049f									
  decide.go:339		0x5ff834		440fb6531e		MOVZX 0x1e(BX), R10								
  decide.go:339		0x5ff839		0f1f8000000000		NOPL 0(AX)									
  decide.go:339		0x5ff840		41f6c220		TESTL $0x20, R10								
  decide.go:339		0x5ff844		0f85550c0000		JNE 0x60049f									
  decide.go:339		0x5ff84a		80787800		CMPB 0x78(AX), $0x0								
  decide.go:256		0x5ff84e		0f854b0c0000		JNE 0x60049f									
  decide.go:339		0x5ff854		4488542477		MOVB R10, 0x77(SP)								
  decide.go:261		0x5ff859		80791d00		CMPB 0x1d(CX), $0x0								
  decide.go:261		0x5ff85d		7411			JE 0x5ff870									
  decide.go:263		0x5ff85f		4c635930		MOVSXD 0x30(CX), R11								
  decide.go:263		0x5ff863		8b7920			MOVL 0x20(CX), DI								
  decide.go:264		0x5ff866		4c635124		MOVSXD 0x24(CX), R10								
  decide.go:264		0x5ff86a		4c636128		MOVSXD 0x28(CX), R12								
  decide.go:264		0x5ff86e		eb2d			JMP 0x5ff89d									
  decide.go:266		0x5ff870		4c8b5908		MOVQ 0x8(CX), R11								
  decide.go:266		0x5ff874		49633b			MOVSXD 0(R11), DI								
  decide.go:267		0x5ff877		4d8b5308		MOVQ 0x8(R11), R10								
  decide.go:268		0x5ff87b		90			NOPL										
  counter.go:70		0x5ff87c		4d8b6310		MOVQ 0x10(R11), R12								
  counter.go:70		0x5ff880		4d8b5b18		MOVQ 0x18(R11), R11								
  decide.go:270		0x5ff884		4d89d8			MOVQ R11, R8									
  decide.go:270		0x5ff887		4989fb			MOVQ DI, R11									
  decide.go:270		0x5ff88a		4c89d7			MOVQ R10, DI									
  decide.go:270		0x5ff88d		4d89e2			MOVQ R12, R10									
  decide.go:270		0x5ff890		4d89c4			MOVQ R8, R12									
  decide.go:270		0x5ff893		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:270		0x5ff89d		4c899424c0010000	MOVQ R10, 0x1c0(SP)								
  decide.go:258		0x5ff8a5		458b3f			MOVL 0(R15), R15								
  decide.go:258		0x5ff8a8		44897c247c		MOVL R15, 0x7c(SP)								
  decide.go:258		0x5ff8ad		4d63ff			MOVSXD R15, R15									
  decide.go:258		0x5ff8b0		448b530c		MOVL 0xc(BX), R10								
  decide.go:270		0x5ff8b4		4c29d2			SUBQ R10, DX									
  decide.go:270		0x5ff8b7		4c01c2			ADDQ R8, DX									
  decide.go:270		0x5ff8ba		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:270		0x5ff8c0		4939d7			CMPQ R15, DX									
  decide.go:270		0x5ff8c3		0f86c10b0000		JBE 0x60048a									
  decide.go:258		0x5ff8c9		4c89942460020000	MOVQ R10, 0x260(SP)								
  decide.go:270		0x5ff8d1		4c89a424c8010000	MOVQ R12, 0x1c8(SP)								
  decide.go:257		0x5ff8d9		440fb77b1c		MOVZX 0x1c(BX), R15								
  decide.go:125		0x5ff8de		4c89ea			MOVQ R13, DX									
  decide.go:257		0x5ff8e1		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:257		0x5ff8e9		4d8b5500		MOVQ 0(R13), R10								
  decide.go:257		0x5ff8ed		4c89942458020000	MOVQ R10, 0x258(SP)								
  decide.go:345		0x5ff8f5		4983ff01		CMPQ R15, $0x1									
  decide.go:345		0x5ff8f9		7e49			JLE 0x5ff944									
  decide.go:345		0x5ff8fb		49c1fa3f		SARQ $0x3f, R10									
  decide.go:345		0x5ff8ff		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:345		0x5ff909		4c8ba42458020000	MOVQ 0x258(SP), R12								
  decide.go:345		0x5ff911		49f7ec			IMULQ R12									
  decide.go:345		0x5ff914		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:345		0x5ff918		48c1f803		SARQ $0x3, AX									
  decide.go:345		0x5ff91c		4c29d0			SUBQ R10, AX									
  decide.go:345		0x5ff91f		90			NOPL										
  decide.go:345		0x5ff920		4939c7			CMPQ R15, AX									
  decide.go:270		0x5ff923		0f8f470b0000		JG 0x600470									
  decide.go:314		0x5ff929		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x5ff931		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:277		0x5ff939		4d89e2			MOVQ R12, R10									
  decide.go:274		0x5ff93c		4c8ba424c8010000	MOVQ 0x1c8(SP), R12								
  decide.go:271		0x5ff944		4c8ba42498000000	MOVQ 0x98(SP), R12								
  decide.go:271		0x5ff94c		4929fc			SUBQ DI, R12									
  decide.go:271		0x5ff94f		4d01c4			ADDQ R8, R12									
  decide.go:271		0x5ff952		4d39e3			CMPQ R11, R12									
  decide.go:271		0x5ff955		0f860b0b0000		JBE 0x600466									
  decide.go:257		0x5ff95b		4d8b6510		MOVQ 0x10(R13), R12								
  decide.go:257		0x5ff95f		90			NOPL										
  decide.go:345		0x5ff960		4983ff01		CMPQ R15, $0x1									
  decide.go:345		0x5ff964		7e3b			JLE 0x5ff9a1									
  decide.go:345		0x5ff966		4d89e0			MOVQ R12, R8									
  decide.go:345		0x5ff969		49c1fc3f		SARQ $0x3f, R12									
  decide.go:345		0x5ff96d		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:345		0x5ff977		49f7e8			IMULQ R8									
  decide.go:345		0x5ff97a		4a8d0402		LEAQ 0(DX)(R8*1), AX								
  decide.go:345		0x5ff97e		48c1f803		SARQ $0x3, AX									
  decide.go:345		0x5ff982		4c29e0			SUBQ R12, AX									
  decide.go:345		0x5ff985		4939c7			CMPQ R15, AX									
  decide.go:271		0x5ff988		0f8fbe0a0000		JG 0x60044c									
  decide.go:314		0x5ff98e		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x5ff996		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:277		0x5ff99e		4d89c4			MOVQ R8, R12									
  decide.go:257		0x5ff9a1		4c89a42450020000	MOVQ R12, 0x250(SP)								
  decide.go:271		0x5ff9a9		4d8d870100ffff		LEAQ 0xffff0001(R15), R8							
  decide.go:271		0x5ff9b0		49f7d8			NEGQ R8										
  decide.go:271		0x5ff9b3		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:271		0x5ff9bb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:271		0x5ff9c0		4d39c4			CMPQ R12, R8									
  decide.go:271		0x5ff9c3		0f8fe90a0000		JG 0x6004b2									
  decide.go:257		0x5ff9c9		4c89bc2448020000	MOVQ R15, 0x248(SP)								
  decide.go:270		0x5ff9d1		4c899c24f8000000	MOVQ R11, 0xf8(SP)								
  decide.go:272		0x5ff9d9		4c634314		MOVSXD 0x14(BX), R8								
  decide.go:273		0x5ff9dd		4d01f8			ADDQ R15, R8									
  decide.go:274		0x5ff9e0		4c8ba424c8010000	MOVQ 0x1c8(SP), R12								
  decide.go:274		0x5ff9e8		4d01fc			ADDQ R15, R12									
  decide.go:274		0x5ff9eb		4c89a424c8010000	MOVQ R12, 0x1c8(SP)								
  decide.go:275		0x5ff9f3		90			NOPL										
  time.go:182		0x5ff9f4		4c8bbc2448030000	MOVQ 0x348(SP), R15								
  time.go:182		0x5ff9fc		490fbae73f		BTQ $0x3f, R15									
  time.go:182		0x5ffa01		732f			JAE 0x5ffa32									
  time.go:183		0x5ffa03		4f8d1c3f		LEAQ 0(R15)(R15*1), R11								
  time.go:183		0x5ffa07		49c1eb1f		SHRQ $0x1f, R11									
  time.go:183		0x5ffa0b		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ffa15		4d01e3			ADDQ R12, R11									
  window.go:149		0x5ffa18		4c8ba424c8010000	MOVQ 0x1c8(SP), R12								
  time.go:1461		0x5ffa20		4c899c2488000000	MOVQ R11, 0x88(SP)								
  decide.go:304		0x5ffa28		4c8b9c24f8000000	MOVQ 0xf8(SP), R11								
  time.go:189		0x5ffa30		eb20			JMP 0x5ffa52									
  decide.go:157		0x5ffa32		4889842410030000	MOVQ AX, 0x310(SP)								
  time.go:1461		0x5ffa3a		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1461		0x5ffa42		4889842488000000	MOVQ AX, 0x88(SP)								
  type.go:80		0x5ffa4a		488b842410030000	MOVQ 0x310(SP), AX								
  decide.go:257		0x5ffa52		4d8b5d08		MOVQ 0x8(R13), R11								
  window.go:76		0x5ffa56		4c8ba42460020000	MOVQ 0x260(SP), R12								
  window.go:76		0x5ffa5e		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:1461		0x5ffa65		4c8bac2488000000	MOVQ 0x88(SP), R13								
  time.go:1461		0x5ffa6d		4d69ed00ca9a3b		IMULQ $0x3b9aca00, R13, R13							
  time.go:177		0x5ffa74		4181e7ffffff3f		ANDL $0x3fffffff, R15								
  time.go:1461		0x5ffa7b		4d63ff			MOVSXD R15, R15									
  time.go:1461		0x5ffa7e		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ffa81		4d29e5			SUBQ R12, R13									
  window.go:76		0x5ffa84		49bc00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R12							
  window.go:76		0x5ffa8e		4d01e5			ADDQ R12, R13									
  decide.go:275		0x5ffa91		90			NOPL										
  window.go:235		0x5ffa92		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ffa95		41bc00000000		MOVL $0x0, R12									
  window.go:235		0x5ffa9b		4d0f4cec		CMOVL R12, R13									
  window.go:235		0x5ffa9f		4d39eb			CMPQ R11, R13									
  window.go:76		0x5ffaa2		4d0f4ceb		CMOVL R11, R13									
  window.go:76		0x5ffaa6		4c89ac24a8000000	MOVQ R13, 0xa8(SP)								
  time.go:182		0x5ffaae		4c8bac2448030000	MOVQ 0x348(SP), R13								
  time.go:182		0x5ffab6		490fbae53f		BTQ $0x3f, R13									
  window.go:235		0x5ffabb		7330			JAE 0x5ffaed									
  time.go:183		0x5ffabd		4b8d542d00		LEAQ 0(R13)(R13*1), DX								
  time.go:183		0x5ffac2		48c1ea1f		SHRQ $0x1f, DX									
  time.go:183		0x5ffac6		49bd807fb1d70d000000	MOVQ $0xdd7b17f80, R13								
  time.go:183		0x5ffad0		4901d5			ADDQ DX, R13									
  decide.go:314		0x5ffad3		488b9424d8000000	MOVQ 0xd8(SP), DX								
  time.go:1461		0x5ffadb		4c89ac2480000000	MOVQ R13, 0x80(SP)								
  decide.go:314		0x5ffae3		4c8bac2448030000	MOVQ 0x348(SP), R13								
  time.go:189		0x5ffaeb		eb13			JMP 0x5ffb00									
  time.go:1461		0x5ffaed		4c8ba42450030000	MOVQ 0x350(SP), R12								
  time.go:1461		0x5ffaf5		4c89a42480000000	MOVQ R12, 0x80(SP)								
  time.go:1461		0x5ffafd		4531e4			XORL R12, R12									
  decide.go:257		0x5ffb00		4c899c2440020000	MOVQ R11, 0x240(SP)								
  decide.go:270		0x5ffb08		4889bc24b8010000	MOVQ DI, 0x1b8(SP)								
  decide.go:257		0x5ffb10		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:257		0x5ffb18		498b5518		MOVQ 0x18(R13), DX								
  decide.go:272		0x5ffb1c		4c634b10		MOVSXD 0x10(BX), R9								
  window.go:76		0x5ffb20		4869ff00ca9a3b		IMULQ $0x3b9aca00, DI, DI							
  time.go:1461		0x5ffb27		4c8bac2480000000	MOVQ 0x80(SP), R13								
  time.go:1461		0x5ffb2f		4d69ed00ca9a3b		IMULQ $0x3b9aca00, R13, R13							
  time.go:1461		0x5ffb36		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ffb39		4929fd			SUBQ DI, R13									
  window.go:76		0x5ffb3c		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ffb46		4d01fd			ADDQ R15, R13									
  decide.go:276		0x5ffb49		90			NOPL										
  window.go:235		0x5ffb4a		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ffb4d		4d0f4cec		CMOVL R12, R13									
  window.go:235		0x5ffb51		4c39ea			CMPQ DX, R13									
  window.go:76		0x5ffb54		4c0f4cea		CMOVL DX, R13									
  window.go:76		0x5ffb58		4c89ac24a0000000	MOVQ R13, 0xa0(SP)								
  window.go:148		0x5ffb60		4d85c9			TESTQ R9, R9									
  window.go:148		0x5ffb63		41bf00000000		MOVL $0x0, R15									
  window.go:148		0x5ffb69		4c89cf			MOVQ R9, DI									
  window.go:148		0x5ffb6c		4d0f4ccf		CMOVL R15, R9									
  window.go:235		0x5ffb70		4c8bac24a8000000	MOVQ 0xa8(SP), R13								
  window.go:235		0x5ffb78		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ffb7b		4d0f4cec		CMOVL R12, R13									
  window.go:235		0x5ffb7f		4d39eb			CMPQ R11, R13									
  window.go:148		0x5ffb82		4d0f4ceb		CMOVL R11, R13									
  window.go:148		0x5ffb86		4d29eb			SUBQ R13, R11									
  window.go:226		0x5ffb89		4c8bac2440020000	MOVQ 0x240(SP), R13								
  window.go:226		0x5ffb91		4d39dd			CMPQ R13, R11									
  window.go:235		0x5ffb94		742d			JE 0x5ffbc3									
  window.go:229		0x5ffb96		4c89d8			MOVQ R11, AX									
  decide.go:257		0x5ffb99		4989d3			MOVQ DX, R11									
  window.go:229		0x5ffb9c		49f7e1			MULQ R9										
  window.go:229		0x5ffb9f		90			NOPL										
  window.go:230		0x5ffba0		4d85ed			TESTQ R13, R13									
  window.go:230		0x5ffba3		0f8486090000		JE 0x60052f									
  window.go:230		0x5ffba9		4c39ea			CMPQ DX, R13									
  window.go:230		0x5ffbac		0f8378090000		JAE 0x60052a									
  window.go:230		0x5ffbb2		49f7f5			DIVQ R13									
  window.go:235		0x5ffbb5		4c89da			MOVQ R11, DX									
  window.go:148		0x5ffbb8		4989c1			MOVQ AX, R9									
  type.go:80		0x5ffbbb		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:257		0x5ffbc3		4889942428020000	MOVQ DX, 0x228(SP)								
  decide.go:276		0x5ffbcb		90			NOPL										
  window.go:149		0x5ffbcc		4d85c0			TESTQ R8, R8									
  window.go:149		0x5ffbcf		4d89c3			MOVQ R8, R11									
  window.go:149		0x5ffbd2		4d0f4cc7		CMOVL R15, R8									
  window.go:149		0x5ffbd6		4d01c8			ADDQ R9, R8									
  decide.go:257		0x5ffbd9		4d89e9			MOVQ R13, R9									
  window.go:149		0x5ffbdc		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ffbe6		4d39c5			CMPQ R13, R8									
  window.go:97		0x5ffbe9		4d0f42c5		CMOVB R13, R8									
  window.go:148		0x5ffbed		4c8bac24c0010000	MOVQ 0x1c0(SP), R13								
  window.go:148		0x5ffbf5		4d85ed			TESTQ R13, R13									
  window.go:148		0x5ffbf8		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ffbfc		4c8bbc24a0000000	MOVQ 0xa0(SP), R15								
  window.go:235		0x5ffc04		4d85ff			TESTQ R15, R15									
  window.go:235		0x5ffc07		4d0f4cfc		CMOVL R12, R15									
  window.go:235		0x5ffc0b		4c39fa			CMPQ DX, R15									
  window.go:148		0x5ffc0e		4c0f4cfa		CMOVL DX, R15									
  window.go:148		0x5ffc12		4c29fa			SUBQ R15, DX									
  window.go:226		0x5ffc15		4c8bbc2428020000	MOVQ 0x228(SP), R15								
  window.go:226		0x5ffc1d		0f1f00			NOPL 0(AX)									
  window.go:226		0x5ffc20		4939d7			CMPQ R15, DX									
  window.go:149		0x5ffc23		7426			JE 0x5ffc4b									
  window.go:229		0x5ffc25		4889d0			MOVQ DX, AX									
  window.go:229		0x5ffc28		49f7e5			MULQ R13									
  window.go:230		0x5ffc2b		4d85ff			TESTQ R15, R15									
  window.go:230		0x5ffc2e		0f84f1080000		JE 0x600525									
  window.go:230		0x5ffc34		4c39fa			CMPQ DX, R15									
  window.go:230		0x5ffc37		0f83e3080000		JAE 0x600520									
  window.go:230		0x5ffc3d		49f7f7			DIVQ R15									
  window.go:148		0x5ffc40		4989c5			MOVQ AX, R13									
  type.go:80		0x5ffc43		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:277		0x5ffc4b		4d29c2			SUBQ R8, R10									
  decide.go:277		0x5ffc4e		4c89942438020000	MOVQ R10, 0x238(SP)								
  decide.go:277		0x5ffc56		4d85d2			TESTQ R10, R10									
  decide.go:277		0x5ffc59		41bc00000000		MOVL $0x0, R12									
  decide.go:277		0x5ffc5f		4d0f4cd4		CMOVL R12, R10									
  decide.go:277		0x5ffc63		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:277		0x5ffc6b		4929d2			SUBQ DX, R10									
  window.go:149		0x5ffc6e		4c8bbc24c8010000	MOVQ 0x1c8(SP), R15								
  window.go:149		0x5ffc76		4d85ff			TESTQ R15, R15									
  window.go:149		0x5ffc79		4d0f4cfc		CMOVL R12, R15									
  window.go:149		0x5ffc7d		4d01fd			ADDQ R15, R13									
  window.go:149		0x5ffc80		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  window.go:149		0x5ffc8a		4d39ef			CMPQ R15, R13									
  window.go:97		0x5ffc8d		4d0f42ef		CMOVB R15, R13									
  decide.go:277		0x5ffc91		4c8bbc2450020000	MOVQ 0x250(SP), R15								
  decide.go:277		0x5ffc99		4d29ef			SUBQ R13, R15									
  decide.go:277		0x5ffc9c		4c89bc2430020000	MOVQ R15, 0x230(SP)								
  decide.go:277		0x5ffca4		4d85ff			TESTQ R15, R15									
  decide.go:277		0x5ffca7		4d0f4cfc		CMOVL R12, R15									
  decide.go:277		0x5ffcab		4929d7			SUBQ DX, R15									
  decide.go:279		0x5ffcae		440fb6642477		MOVZX 0x77(SP), R12								
  decide.go:279		0x5ffcb4		41f6c440		TESTL $0x40, R12								
  window.go:149		0x5ffcb8		741c			JE 0x5ffcd6									
  type.go:80		0x5ffcba		448ba070010000		MOVL 0x170(AX), R12								
  writers.go:80		0x5ffcc1		4585e4			TESTL R12, R12									
  writers.go:80		0x5ffcc4		740b			JE 0x5ffcd1									
  writers.go:80		0x5ffcc6		440fb66020		MOVZX 0x20(AX), R12								
  writers.go:80		0x5ffccb		4183f401		XORL $0x1, R12									
  writers.go:80		0x5ffccf		eb08			JMP 0x5ffcd9									
  writers.go:80		0x5ffcd1		4531e4			XORL R12, R12									
  writers.go:80		0x5ffcd4		eb03			JMP 0x5ffcd9									
  writers.go:80		0x5ffcd6		4531e4			XORL R12, R12									
  decide.go:277		0x5ffcd9		4c89942408010000	MOVQ R10, 0x108(SP)								
  decide.go:277		0x5ffce1		4c89bc2400010000	MOVQ R15, 0x100(SP)								
  decide.go:279		0x5ffce9		4584e4			TESTL R12, R12									
  decide.go:279		0x5ffcec		0f84b0020000		JE 0x5fffa2									
  decide.go:273		0x5ffcf2		4c899c2418020000	MOVQ R11, 0x218(SP)								
  share.go:107		0x5ffcfa		440fb66324		MOVZX 0x24(BX), R12								
  share.go:107		0x5ffcff		440fb65b25		MOVZX 0x25(BX), R11								
  share.go:107		0x5ffd04		4d01e3			ADDQ R12, R11									
  share.go:108		0x5ffd07		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  share.go:108		0x5ffd0f		4d85ff			TESTQ R15, R15									
  share.go:108		0x5ffd12		7e0b			JLE 0x5ffd1f									
  share.go:108		0x5ffd14		4983fb08		CMPQ R11, $0x8									
  share.go:108		0x5ffd18		7c05			JL 0x5ffd1f									
  share.go:108		0x5ffd1a		4d39dc			CMPQ R12, R11									
  share.go:108		0x5ffd1d		7505			JNE 0x5ffd24									
  decide.go:257		0x5ffd1f		4d89fb			MOVQ R15, R11									
  decide.go:280		0x5ffd22		eb2c			JMP 0x5ffd50									
  share.go:111		0x5ffd24		4d0fafe7		IMULQ R15, R12									
  decide.go:576		0x5ffd28		4c89e0			MOVQ R12, AX									
  decide.go:128		0x5ffd2b		4989d4			MOVQ DX, R12									
  decide.go:576		0x5ffd2e		31d2			XORL DX, DX									
  decide.go:576		0x5ffd30		49f7f3			DIVQ R11									
  decide.go:576		0x5ffd33		4885d2			TESTQ DX, DX									
  decide.go:576		0x5ffd36		0f95c2			SETNE DL									
  share.go:111		0x5ffd39		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ffd3c		4801c2			ADDQ AX, DX									
  type.go:80		0x5ffd3f		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:280		0x5ffd47		4d89fb			MOVQ R15, R11									
  decide.go:280		0x5ffd4a		4989d7			MOVQ DX, R15									
  decide.go:314		0x5ffd4d		4c89e2			MOVQ R12, DX									
  decide.go:280		0x5ffd50		4d39df			CMPQ R15, R11									
  decide.go:280		0x5ffd53		7420			JE 0x5ffd75									
  decide.go:314		0x5ffd55		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x5ffd5d		4989d4			MOVQ DX, R12									
  decide.go:314		0x5ffd60		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:314		0x5ffd68		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:281		0x5ffd70		e93d070000		JMP 0x6004b2									
  decide.go:272		0x5ffd75		4889bc2410020000	MOVQ DI, 0x210(SP)								
  window.go:97		0x5ffd7d		4c89842420020000	MOVQ R8, 0x220(SP)								
  window.go:97		0x5ffd85		4c89ac2408020000	MOVQ R13, 0x208(SP)								
  writers.go:87		0x5ffd8d		440fb6611f		MOVZX 0x1f(CX), R12								
  writers.go:87		0x5ffd92		4589e7			MOVL R12, R15									
  writers.go:87		0x5ffd95		4183e47f		ANDL $0x7f, R12									
  writers.go:88		0x5ffd99		4180ff80		CMPL R15, $0x80									
  writers.go:88		0x5ffd9d		7211			JB 0x5ffdb0									
  type.go:80		0x5ffd9f		448bb870010000		MOVL 0x170(AX), R15								
  writers.go:89		0x5ffda6		4d63ff			MOVSXD R15, R15									
  writers.go:89		0x5ffda9		4d39e7			CMPQ R15, R12									
  writers.go:89		0x5ffdac		4d0f4fe7		CMOVG R15, R12									
  decide.go:283		0x5ffdb0		4c89a424c8000000	MOVQ R12, 0xc8(SP)								
  decide.go:284		0x5ffdb8		4889d8			MOVQ BX, AX									
  decide.go:284		0x5ffdbb		4889cb			MOVQ CX, BX									
  decide.go:284		0x5ffdbe		31c9			XORL CX, CX									
  decide.go:284		0x5ffdc0		e83ba00000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:284		0x5ffdc5		488d9424b0020000	LEAQ 0x2b0(SP), DX								
  decide.go:284		0x5ffdcd		4889e6			MOVQ SP, SI									
  decide.go:284		0x5ffdd0		440f1036		MOVUPS 0(SI), X14								
  decide.go:284		0x5ffdd4		440f1132		MOVUPS X14, 0(DX)								
  decide.go:284		0x5ffdd8		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:284		0x5ffddd		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:284		0x5ffde2		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:284		0x5ffde7		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:284		0x5ffdec		488b842400030000	MOVQ 0x300(SP), AX								
  decide.go:284		0x5ffdf4		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:284		0x5ffdfc		b901000000		MOVL $0x1, CX									
  decide.go:284		0x5ffe01		e8fa9f0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:284		0x5ffe06		488d942480020000	LEAQ 0x280(SP), DX								
  decide.go:284		0x5ffe0e		4889e6			MOVQ SP, SI									
  decide.go:284		0x5ffe11		440f1036		MOVUPS 0(SI), X14								
  decide.go:284		0x5ffe15		440f1132		MOVUPS X14, 0(DX)								
  decide.go:284		0x5ffe19		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:284		0x5ffe1e		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:284		0x5ffe23		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:284		0x5ffe28		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:284		0x5ffe2d		488d842468010000	LEAQ 0x168(SP), AX								
  decide.go:284		0x5ffe35		488dbc24b0020000	LEAQ 0x2b0(SP), DI								
  decide.go:284		0x5ffe3d		440f1037		MOVUPS 0(DI), X14								
  decide.go:284		0x5ffe41		440f1130		MOVUPS X14, 0(AX)								
  decide.go:284		0x5ffe45		440f107710		MOVUPS 0x10(DI), X14								
  decide.go:284		0x5ffe4a		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:284		0x5ffe4f		440f107720		MOVUPS 0x20(DI), X14								
  decide.go:284		0x5ffe54		440f117020		MOVUPS X14, 0x20(AX)								
  decide.go:284		0x5ffe59		488dbc2438010000	LEAQ 0x138(SP), DI								
  decide.go:284		0x5ffe61		440f1032		MOVUPS 0(DX), X14								
  decide.go:284		0x5ffe65		440f1137		MOVUPS X14, 0(DI)								
  decide.go:284		0x5ffe69		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:284		0x5ffe6e		440f117710		MOVUPS X14, 0x10(DI)								
  decide.go:284		0x5ffe73		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:284		0x5ffe78		440f117720		MOVUPS X14, 0x20(DI)								
  writers.go:91		0x5ffe7d		4c8b8424c8000000	MOVQ 0xc8(SP), R8								
  writers.go:91		0x5ffe85		4d85c0			TESTQ R8, R8									
  decide.go:283		0x5ffe88		ba01000000		MOVL $0x1, DX									
  decide.go:283		0x5ffe8d		4c0f4ec2		CMOVLE DX, R8									
  decide.go:283		0x5ffe91		4c898424c0000000	MOVQ R8, 0xc0(SP)								
  decide.go:285		0x5ffe99		488b9c2458020000	MOVQ 0x258(SP), BX								
  decide.go:285		0x5ffea1		488b8c2440020000	MOVQ 0x240(SP), CX								
  decide.go:285		0x5ffea9		488bbc24a8000000	MOVQ 0xa8(SP), DI								
  decide.go:285		0x5ffeb1		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:285		0x5ffeb9		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:285		0x5ffec1		e87aa20000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:285		0x5ffec6		4889842400020000	MOVQ AX, 0x200(SP)								
  decide.go:286		0x5ffece		488d842438010000	LEAQ 0x138(SP), AX								
  decide.go:286		0x5ffed6		488b9c2450020000	MOVQ 0x250(SP), BX								
  decide.go:286		0x5ffede		488b8c2428020000	MOVQ 0x228(SP), CX								
  decide.go:286		0x5ffee6		488bbc24a0000000	MOVQ 0xa0(SP), DI								
  decide.go:286		0x5ffeee		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:286		0x5ffef6		4c8b8424c0000000	MOVQ 0xc0(SP), R8								
  decide.go:286		0x5ffefe		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:286		0x5fff06		e835a20000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:285		0x5fff0b		488b942400020000	MOVQ 0x200(SP), DX								
  decide.go:285		0x5fff13		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:285		0x5fff1b		4c29d2			SUBQ R10, DX									
  decide.go:286		0x5fff1e		4c29d0			SUBQ R10, AX									
  decide.go:285		0x5fff21		488bb42408010000	MOVQ 0x108(SP), SI								
  decide.go:285		0x5fff29		4839f2			CMPQ DX, SI									
  decide.go:286		0x5fff2c		480f4cf2		CMOVL DX, SI									
  decide.go:286		0x5fff30		4c8bbc2400010000	MOVQ 0x100(SP), R15								
  decide.go:286		0x5fff38		4c39f8			CMPQ AX, R15									
  decide.go:286		0x5fff3b		4c89fa			MOVQ R15, DX									
  decide.go:286		0x5fff3e		480f4cd0		CMOVL AX, DX									
  decide.go:314		0x5fff42		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x5fff4a		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:294		0x5fff52		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:293		0x5fff5a		488bbc2410020000	MOVQ 0x210(SP), DI								
  decide.go:293		0x5fff62		4c8b842420020000	MOVQ 0x220(SP), R8								
  decide.go:293		0x5fff6a		4c8b8c2440020000	MOVQ 0x240(SP), R9								
  decide.go:293		0x5fff72		4c8b9c2418020000	MOVQ 0x218(SP), R11								
  decide.go:566		0x5fff7a		4c8ba42408010000	MOVQ 0x108(SP), R12								
  decide.go:293		0x5fff82		4c8bac2408020000	MOVQ 0x208(SP), R13								
  decide.go:289		0x5fff8a		4989f2			MOVQ SI, R10									
  decide.go:289		0x5fff8d		4989d7			MOVQ DX, R15									
  decide.go:293		0x5fff90		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:314		0x5fff98		488bb424b8000000	MOVQ 0xb8(SP), SI								
  writers.go:91		0x5fffa0		eb03			JMP 0x5fffa5									
  decide.go:277		0x5fffa2		4d89d4			MOVQ R10, R12									
  decide.go:290		0x5fffa5		4d39d7			CMPQ R15, R10									
  decide.go:293		0x5fffa8		4c8ba424a8000000	MOVQ 0xa8(SP), R12								
  decide.go:293		0x5fffb0		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:293		0x5fffb8		4c0f4ce2		CMOVL DX, R12									
  decide.go:293		0x5fffbc		4c89a424a0010000	MOVQ R12, 0x1a0(SP)								
  decide.go:293		0x5fffc4		4c89d2			MOVQ R10, DX									
  decide.go:293		0x5fffc7		4d0f4cd7		CMOVL R15, R10									
  decide.go:293		0x5fffcb		4d0f4cc5		CMOVL R13, R8									
  decide.go:293		0x5fffcf		4c8bac2428020000	MOVQ 0x228(SP), R13								
  decide.go:293		0x5fffd7		4d0f4ccd		CMOVL R13, R9									
  decide.go:293		0x5fffdb		4c8bac2458020000	MOVQ 0x258(SP), R13								
  decide.go:293		0x5fffe3		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:293		0x5fffeb		4d0f4cec		CMOVL R12, R13									
  decide.go:293		0x5fffef		4c8ba424c0010000	MOVQ 0x1c0(SP), R12								
  decide.go:293		0x5ffff7		490f4cfc		CMOVL R12, DI									
  decide.go:293		0x5ffffb		4c8ba424c8010000	MOVQ 0x1c8(SP), R12								
  decide.go:293		0x600003		4d0f4cdc		CMOVL R12, R11									
  decide.go:293		0x600007		4885d2			TESTQ DX, DX									
  decide.go:290		0x60000a		0f8c17040000		JL 0x600427									
  decide.go:293		0x600010		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:293		0x600018		4c8ba42438020000	MOVQ 0x238(SP), R12								
  decide.go:293		0x600020		4c39e2			CMPQ DX, R12									
  decide.go:293		0x600023		0f8f06040000		JG 0x60042f									
  decide.go:293		0x600029		4d85ff			TESTQ R15, R15									
  decide.go:293		0x60002c		0f8cfd030000		JL 0x60042f									
  decide.go:293		0x600032		4c8ba42430020000	MOVQ 0x230(SP), R12								
  decide.go:293		0x60003a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:293		0x600040		4c39e2			CMPQ DX, R12									
  decide.go:293		0x600043		0f8fe6030000		JG 0x60042f									
  decide.go:293		0x600049		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  decide.go:293		0x600053		4d39d4			CMPQ R12, R10									
  decide.go:293		0x600056		0f8ed3030000		JLE 0x60042f									
  decide.go:293		0x60005c		4c898c24e8000000	MOVQ R9, 0xe8(SP)								
  decide.go:293		0x600064		4c899c24b0010000	MOVQ R11, 0x1b0(SP)								
  decide.go:293		0x60006c		4889bc24a8010000	MOVQ DI, 0x1a8(SP)								
  decide.go:294		0x600074		440fb6631e		MOVZX 0x1e(BX), R12								
  decide.go:294		0x600079		0f1f8000000000		NOPL 0(AX)									
  decide.go:294		0x600080		41f6c480		TESTL $0x80, R12								
  decide.go:294		0x600084		0f8493000000		JE 0x60011d									
  decide.go:293		0x60008a		4c89ac24f0000000	MOVQ R13, 0xf0(SP)								
  decide.go:293		0x600092		4c898424d0000000	MOVQ R8, 0xd0(SP)								
  decide.go:293		0x60009a		4c89942420010000	MOVQ R10, 0x120(SP)								
  decide.go:295		0x6000a2		488b942468030000	MOVQ 0x368(SP), DX								
  decide.go:295		0x6000aa		4883c238		ADDQ $0x38, DX									
  decide.go:295		0x6000ae		4889d8			MOVQ BX, AX									
  decide.go:295		0x6000b1		4889cb			MOVQ CX, BX									
  decide.go:295		0x6000b4		4889d1			MOVQ DX, CX									
  decide.go:295		0x6000b7		bf02000000		MOVL $0x2, DI									
  decide.go:295		0x6000bc		0f1f4000		NOPL 0(AX)									
  decide.go:295		0x6000c0		e8bb160000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:295		0x6000c5		84c0			TESTL AL, AL									
  decide.go:295		0x6000c7		0f8415030000		JE 0x6003e2									
  decide.go:299		0x6000cd		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:302		0x6000d5		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:300		0x6000dd		488b942468020000	MOVQ 0x268(SP), DX								
  entry.go:324		0x6000e5		488b9c2400030000	MOVQ 0x300(SP), BX								
  window.go:199		0x6000ed		488bbc24a8010000	MOVQ 0x1a8(SP), DI								
  decide.go:300		0x6000f5		4c8b8424d0000000	MOVQ 0xd0(SP), R8								
  decide.go:300		0x6000fd		4c8b8c24e8000000	MOVQ 0xe8(SP), R9								
  decide.go:300		0x600105		4c8b942420010000	MOVQ 0x120(SP), R10								
  decide.go:306		0x60010d		4c8b9c24b0010000	MOVQ 0x1b0(SP), R11								
  decide.go:300		0x600115		4c8bac24f0000000	MOVQ 0xf0(SP), R13								
  decide.go:563		0x60011d		488bb42458020000	MOVQ 0x258(SP), SI								
  decide.go:563		0x600125		4885f6			TESTQ SI, SI									
  decide.go:563		0x600128		7f0a			JG 0x600134									
  decide.go:563		0x60012a		b801000000		MOVL $0x1, AX									
  decide.go:299		0x60012f		e921010000		JMP 0x600255									
  decide.go:299		0x600134		440fb6a0a0000000	MOVZX 0xa0(AX), R12								
  decide.go:566		0x60013c		4c8bbc2408010000	MOVQ 0x108(SP), R15								
  decide.go:566		0x600144		4d85ff			TESTQ R15, R15									
  decide.go:293		0x600147		4c89d8			MOVQ R11, AX									
  decide.go:566		0x60014a		41bb00000000		MOVL $0x0, R11									
  decide.go:566		0x600150		4d0f4cfb		CMOVL R11, R15									
  decide.go:566		0x600154		4c39fe			CMPQ SI, R15									
  decide.go:566		0x600157		4c0f4cfe		CMOVL SI, R15									
  decide.go:566		0x60015b		4c29fe			SUBQ R15, SI									
  decide.go:567		0x60015e		4c8bbc2458020000	MOVQ 0x258(SP), R15								
  decide.go:567		0x600166		48baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, DX							
  decide.go:567		0x600170		4939d7			CMPQ R15, DX									
  decide.go:566		0x600173		7d11			JGE 0x600186									
  decide.go:568		0x600175		486bf664		IMULQ $0x64, SI, SI								
  decide.go:568		0x600179		4d0faffc		IMULQ R12, R15									
  decide.go:568		0x60017d		4c39fe			CMPQ SI, R15									
  decide.go:568		0x600180		400f9dc6		SETGE SI									
  decide.go:299		0x600184		eb3a			JMP 0x6001c0									
  decide.go:570		0x600186		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:570		0x600190		49f7e7			MULQ R15									
  decide.go:570		0x600193		48c1ea06		SHRQ $0x6, DX									
  decide.go:570		0x600197		4889f0			MOVQ SI, AX									
  decide.go:570		0x60019a		4989d7			MOVQ DX, R15									
  decide.go:570		0x60019d		31d2			XORL DX, DX									
  decide.go:570		0x60019f		49f7f7			DIVQ R15									
  decide.go:570		0x6001a2		4c39e0			CMPQ AX, R12									
  decide.go:570		0x6001a5		400f9dc6		SETGE SI									
  decide.go:306		0x6001a9		488b8424b0010000	MOVQ 0x1b0(SP), AX								
  decide.go:306		0x6001b1		48baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, DX							
  decide.go:306		0x6001bb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:299		0x6001c0		4084f6			TESTL SI, SI									
  decide.go:299		0x6001c3		7412			JE 0x6001d7									
  decide.go:300		0x6001c5		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:306		0x6001cd		4989c3			MOVQ AX, R11									
  decide.go:306		0x6001d0		b801000000		MOVL $0x1, AX									
  decide.go:299		0x6001d5		eb7e			JMP 0x600255									
  decide.go:563		0x6001d7		488bb42450020000	MOVQ 0x250(SP), SI								
  decide.go:563		0x6001df		90			NOPL										
  decide.go:563		0x6001e0		4885f6			TESTQ SI, SI									
  decide.go:563		0x6001e3		7f07			JG 0x6001ec									
  decide.go:563		0x6001e5		ba01000000		MOVL $0x1, DX									
  decide.go:299		0x6001ea		eb5c			JMP 0x600248									
  decide.go:566		0x6001ec		4c8bbc2400010000	MOVQ 0x100(SP), R15								
  decide.go:566		0x6001f4		4d85ff			TESTQ R15, R15									
  decide.go:566		0x6001f7		4d0f4cfb		CMOVL R11, R15									
  decide.go:566		0x6001fb		4c39fe			CMPQ SI, R15									
  decide.go:566		0x6001fe		4c0f4cfe		CMOVL SI, R15									
  decide.go:566		0x600202		4989f3			MOVQ SI, R11									
  decide.go:566		0x600205		4c29fe			SUBQ R15, SI									
  decide.go:567		0x600208		4939d3			CMPQ R11, DX									
  decide.go:566		0x60020b		7d10			JGE 0x60021d									
  decide.go:568		0x60020d		486bd664		IMULQ $0x64, SI, DX								
  decide.go:568		0x600211		4d0fafe3		IMULQ R11, R12									
  decide.go:568		0x600215		4c39e2			CMPQ DX, R12									
  decide.go:568		0x600218		0f9dc2			SETGE DL									
  decide.go:299		0x60021b		eb2b			JMP 0x600248									
  decide.go:293		0x60021d		4889c2			MOVQ AX, DX									
  decide.go:570		0x600220		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:293		0x60022a		4989d7			MOVQ DX, R15									
  decide.go:570		0x60022d		49f7e3			MULQ R11									
  decide.go:570		0x600230		48c1ea06		SHRQ $0x6, DX									
  decide.go:570		0x600234		4889f0			MOVQ SI, AX									
  decide.go:570		0x600237		4889d6			MOVQ DX, SI									
  decide.go:570		0x60023a		31d2			XORL DX, DX									
  decide.go:570		0x60023c		48f7f6			DIVQ SI										
  decide.go:570		0x60023f		4c39e0			CMPQ AX, R12									
  decide.go:570		0x600242		0f9dc2			SETGE DL									
  decide.go:306		0x600245		4c89f8			MOVQ R15, AX									
  decide.go:306		0x600248		4989c3			MOVQ AX, R11									
  decide.go:299		0x60024b		89d0			MOVL DX, AX									
  decide.go:300		0x60024d		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:299		0x600255		84c0			TESTL AL, AL									
  entry.go:323		0x600257		740d			JE 0x600266									
  entry.go:324		0x600259		0fb6731e		MOVZX 0x1e(BX), SI								
  entry.go:324		0x60025d		83ce08			ORL $0x8, SI									
  entry.go:324		0x600260		4088731e		MOVB SI, 0x1e(BX)								
  entry.go:324		0x600264		eb0b			JMP 0x600271									
  entry.go:326		0x600266		0fb6731e		MOVZX 0x1e(BX), SI								
  entry.go:326		0x60026a		83e6f7			ANDL $-0x9, SI									
  entry.go:326		0x60026d		4088731e		MOVB SI, 0x1e(BX)								
  decide.go:300		0x600271		488bb42468030000	MOVQ 0x368(SP), SI								
  decide.go:300		0x600279		66c7060101		MOVW $0x101, 0(SI)								
  decide.go:300		0x60027e		4c896e08		MOVQ R13, 0x8(SI)								
  decide.go:300		0x600282		4c894e10		MOVQ R9, 0x10(SI)								
  decide.go:300		0x600286		4c895618		MOVQ R10, 0x18(SI)								
  decide.go:300		0x60028a		4901d0			ADDQ DX, R8									
  decide.go:300		0x60028d		4c894620		MOVQ R8, 0x20(SI)								
  decide.go:306		0x600291		4c8b842448020000	MOVQ 0x248(SP), R8								
  decide.go:306		0x600299		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  window.go:235		0x60029d		4c8ba424a0010000	MOVQ 0x1a0(SP), R12								
  window.go:235		0x6002a5		4d85e4			TESTQ R12, R12									
  window.go:235		0x6002a8		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x6002ae		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x6002b2		4d39cc			CMPQ R12, R9									
  window.go:195		0x6002b5		4d0f4fe1		CMOVG R9, R12									
  window.go:195		0x6002b9		4c89a42498010000	MOVQ R12, 0x198(SP)								
  decide.go:302		0x6002c1		833dc81c570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:302		0x6002c8		7430			JE 0x6002fa									
  decide.go:302		0x6002ca		4c8b7e40		MOVQ 0x40(SI), R15								
  decide.go:302		0x6002ce		488b4648		MOVQ 0x48(SI), AX								
  decide.go:302		0x6002d2		4c8b6638		MOVQ 0x38(SI), R12								
  decide.go:302		0x6002d6		e8251de9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:302		0x6002db		49891b			MOVQ BX, 0(R11)									
  decide.go:302		0x6002de		4d896308		MOVQ R12, 0x8(R11)								
  decide.go:302		0x6002e2		49894b10		MOVQ CX, 0x10(R11)								
  decide.go:302		0x6002e6		4d897b18		MOVQ R15, 0x18(R11)								
  decide.go:302		0x6002ea		4c8ba424e8020000	MOVQ 0x2e8(SP), R12								
  decide.go:302		0x6002f2		4d896320		MOVQ R12, 0x20(R11)								
  decide.go:302		0x6002f6		49894328		MOVQ AX, 0x28(R11)								
  decide.go:302		0x6002fa		48895e38		MOVQ BX, 0x38(SI)								
  decide.go:302		0x6002fe		48894e40		MOVQ CX, 0x40(SI)								
  decide.go:302		0x600302		4c8b8424e8020000	MOVQ 0x2e8(SP), R8								
  decide.go:302		0x60030a		4c894648		MOVQ R8, 0x48(SI)								
  decide.go:302		0x60030e		48895650		MOVQ DX, 0x50(SI)								
  decide.go:303		0x600312		8b54247c		MOVL 0x7c(SP), DX								
  decide.go:303		0x600316		895658			MOVL DX, 0x58(SI)								
  decide.go:303		0x600319		488b942460020000	MOVQ 0x260(SP), DX								
  decide.go:303		0x600321		48895668		MOVQ DX, 0x68(SI)								
  decide.go:304		0x600325		488b9424f8000000	MOVQ 0xf8(SP), DX								
  decide.go:304		0x60032d		89565c			MOVL DX, 0x5c(SI)								
  decide.go:304		0x600330		488b9424b8010000	MOVQ 0x1b8(SP), DX								
  decide.go:304		0x600338		48895670		MOVQ DX, 0x70(SI)								
  decide.go:305		0x60033c		664489531c		MOVW R10, 0x1c(BX)								
  decide.go:306		0x600341		4889d8			MOVQ BX, AX									
  decide.go:306		0x600344		4c89d3			MOVQ R10, BX									
  decide.go:306		0x600347		4c89e9			MOVQ R13, CX									
  decide.go:306		0x60034a		4c89cf			MOVQ R9, DI									
  decide.go:306		0x60034d		e86e150000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:306		0x600352		488b942448020000	MOVQ 0x248(SP), DX								
  decide.go:306		0x60035a		4829d0			SUBQ DX, AX									
  decide.go:306		0x60035d		488b9424b0010000	MOVQ 0x1b0(SP), DX								
  decide.go:306		0x600365		4801c2			ADDQ AX, DX									
  window.go:197		0x600368		4885d2			TESTQ DX, DX									
  window.go:235		0x60036b		7e18			JLE 0x600385									
  window.go:198		0x60036d		488b8c24e8000000	MOVQ 0xe8(SP), CX								
  window.go:198		0x600375		4801c9			ADDQ CX, CX									
  window.go:198		0x600378		488b942498010000	MOVQ 0x198(SP), DX								
  window.go:198		0x600380		4829d1			SUBQ DX, CX									
  window.go:103		0x600383		eb2c			JMP 0x6003b1									
  window.go:199		0x600385		488b8c24a8010000	MOVQ 0x1a8(SP), CX								
  window.go:199		0x60038d		4885c9			TESTQ CX, CX									
  window.go:199		0x600390		7e1d			JLE 0x6003af									
  window.go:199		0x600392		488b8c2498010000	MOVQ 0x198(SP), CX								
  window.go:199		0x60039a		488b9424e8000000	MOVQ 0xe8(SP), DX								
  window.go:199		0x6003a2		4839d1			CMPQ CX, DX									
  window.go:199		0x6003a5		7d08			JGE 0x6003af									
  window.go:200		0x6003a7		4829ca			SUBQ CX, DX									
  decide.go:307		0x6003aa		4889d1			MOVQ DX, CX									
  window.go:103		0x6003ad		eb02			JMP 0x6003b1									
  window.go:103		0x6003af		31c9			XORL CX, CX									
  decide.go:307		0x6003b1		488b942468030000	MOVQ 0x368(SP), DX								
  decide.go:307		0x6003b9		48894a30		MOVQ CX, 0x30(DX)								
  decide.go:308		0x6003bd		90			NOPL										
  mutex.go:65		0x6003be		90			NOPL										
  mutex.go:194		0x6003bf		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x6003c4		488b842400030000	MOVQ 0x300(SP), AX								
  mutex.go:194		0x6003cc		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x6003d0		ffcb			DECL BX										
  mutex.go:195		0x6003d2		7405			JE 0x6003d9									
  mutex.go:198		0x6003d4		e8e796e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:309		0x6003d9		4881c438030000		ADDQ $0x338, SP									
  decide.go:309		0x6003e0		5d			POPQ BP										
  decide.go:309		0x6003e1		c3			RET										
  decide.go:314		0x6003e2		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x6003ea		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:314		0x6003f2		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:314		0x6003fa		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:314		0x600402		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:314		0x60040a		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x600412		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x60041a		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:296		0x600422		e98b000000		JMP 0x6004b2									
  decide.go:314		0x600427		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:314		0x60042f		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:314		0x600437		4989d4			MOVQ DX, R12									
  decide.go:314		0x60043a		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:314		0x600442		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:293		0x60044a		eb66			JMP 0x6004b2									
  decide.go:314		0x60044c		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x600454		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:314		0x60045c		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:271		0x600464		eb4c			JMP 0x6004b2									
  decide.go:314		0x600466		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:271		0x60046e		eb42			JMP 0x6004b2									
  decide.go:314		0x600470		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:314		0x600478		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:314		0x600480		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:270		0x600488		eb28			JMP 0x6004b2									
  decide.go:314		0x60048a		4c89ea			MOVQ R13, DX									
  decide.go:314		0x60048d		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x600495		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:270		0x60049d		eb13			JMP 0x6004b2									
  decide.go:314		0x60049f		4c89ea			MOVQ R13, DX									
  decide.go:314		0x6004a2		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:314		0x6004aa		4c8bac24e0020000	MOVQ 0x2e0(SP), R13								
  decide.go:314		0x6004b2		4c8bbc2448030000	MOVQ 0x348(SP), R15								
  decide.go:314		0x6004ba		4c893c24		MOVQ R15, 0(SP)									
  decide.go:314		0x6004be		4c8bbc2450030000	MOVQ 0x350(SP), R15								
  decide.go:314		0x6004c6		4c897c2408		MOVQ R15, 0x8(SP)								
  decide.go:314		0x6004cb		4c8bbc2458030000	MOVQ 0x358(SP), R15								
  decide.go:314		0x6004d3		4c897c2410		MOVQ R15, 0x10(SP)								
  decide.go:314		0x6004d8		4889742418		MOVQ SI, 0x18(SP)								
  decide.go:314		0x6004dd		4c8bbc2468030000	MOVQ 0x368(SP), R15								
  decide.go:314		0x6004e5		4c897c2420		MOVQ R15, 0x20(SP)								
  decide.go:314		0x6004ea		4889cf			MOVQ CX, DI									
  decide.go:314		0x6004ed		4c89ee			MOVQ R13, SI									
  decide.go:314		0x6004f0		4989d0			MOVQ DX, R8									
  decide.go:314		0x6004f3		4d89e2			MOVQ R12, R10									
  decide.go:314		0x6004f6		440fb69c24a0030000	MOVZX 0x3a0(SP), R11								
  decide.go:314		0x6004ff		4889d9			MOVQ BX, CX									
  decide.go:314		0x600502		4c89cb			MOVQ R9, BX									
  decide.go:314		0x600505		4c8b8c24e0000000	MOVQ 0xe0(SP), R9								
  decide.go:314		0x60050d		e8ee000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).decideLocked(SB)	
  decide.go:315		0x600512		4881c438030000		ADDQ $0x338, SP									
  decide.go:315		0x600519		5d			POPQ BP										
  decide.go:315		0x60051a		c3			RET										
  decide.go:315		0x60051b		0f1f440000		NOPL 0(AX)(AX*1)								
  window.go:230		0x600520		e83befe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600525		e8d6eee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x60052a		e831efe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60052f		e8cceee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600534		e827efe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600539		e8c2eee4ff		CALL runtime.panicdivide(SB)							
  decide.go:159		0x60053e		90			NOPL										
  mutex.go:65		0x60053f		90			NOPL										
  mutex.go:194		0x600540		b9ffffffff		MOVL $-0x1, CX									
  mutex.go:194		0x600545		f00fc10b		LOCK XADDL CX, 0(BX)								
  mutex.go:194		0x600549		ffc9			DECL CX										
  mutex.go:195		0x60054b		7518			JNE 0x600565									
  decide.go:160		0x60054d		90			NOPL										
  decide.go:319		0x60054e		488d05cb551700		LEAQ 0x1755cb(IP), AX								
  decide.go:319		0x600555		488d1d84222300		LEAQ 0x232284(IP), BX								
  decide.go:319		0x60055c		0f1f4000		NOPL 0(AX)									
  decide.go:319		0x600560		e8bba0e8ff		CALL runtime.gopanic(SB)							
  mutex.go:198		0x600565		4889d8			MOVQ BX, AX									
  mutex.go:198		0x600568		89cb			MOVL CX, BX									
  mutex.go:198		0x60056a		e85195e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  mutex.go:198		0x60056f		ebdc			JMP 0x60054d									
  decide.go:132		0x600571		90			NOPL										
  decide.go:319		0x600572		488d05a7551700		LEAQ 0x1755a7(IP), AX								
  decide.go:319		0x600579		488d1d60222300		LEAQ 0x232260(IP), BX								
  decide.go:319		0x600580		e89ba0e8ff		CALL runtime.gopanic(SB)							
  decide.go:319		0x600585		90			NOPL										
  decide.go:124		0x600586		4889442420		MOVQ AX, 0x20(SP)								
  decide.go:124		0x60058b		48895c2428		MOVQ BX, 0x28(SP)								
  decide.go:124		0x600590		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:124		0x600595		48897c2438		MOVQ DI, 0x38(SP)								
  decide.go:124		0x60059a		4889742440		MOVQ SI, 0x40(SP)								
  decide.go:124		0x60059f		4c89442448		MOVQ R8, 0x48(SP)								
  decide.go:124		0x6005a4		4c894c2450		MOVQ R9, 0x50(SP)								
  decide.go:124		0x6005a9		4c89542458		MOVQ R10, 0x58(SP)								
  decide.go:124		0x6005ae		44885c2460		MOVB R11, 0x60(SP)								
  decide.go:124		0x6005b3		e8c8fee8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:124		0x6005b8		488b442420		MOVQ 0x20(SP), AX								
  decide.go:124		0x6005bd		488b5c2428		MOVQ 0x28(SP), BX								
  decide.go:124		0x6005c2		488b4c2430		MOVQ 0x30(SP), CX								
  decide.go:124		0x6005c7		488b7c2438		MOVQ 0x38(SP), DI								
  decide.go:124		0x6005cc		488b742440		MOVQ 0x40(SP), SI								
  decide.go:124		0x6005d1		4c8b442448		MOVQ 0x48(SP), R8								
  decide.go:124		0x6005d6		4c8b4c2450		MOVQ 0x50(SP), R9								
  decide.go:124		0x6005db		4c8b542458		MOVQ 0x58(SP), R10								
  decide.go:124		0x6005e0		440fb65c2460		MOVZX 0x60(SP), R11								
  decide.go:124		0x6005e6		e955e5ffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB)	
